import { expectNoSeriousViolations } from './axe'
import { randomBytes } from 'node:crypto'
import { expect, expectToast, ready, sidebar, signIn, test, type Page } from './utils'
import { VirtualDevices } from './webauthn'

/*
 * Issue 30 (decision 105): sign in with a passkey. With JavaScript a user adds a passkey on their
 * profile (Chromium's virtual authenticator stands for the device), signs out, signs in with one
 * button, removes it and is refused with it; without JavaScript the login page has no passkey
 * button, the password works as before, and the profile lists and removes passkeys.
 */

const PASSKEY_BUTTON = 'Sign in with a passkey'
const UNKNOWN =
  'This passkey is not registered here (it may have been removed). Please sign in with your email and password.'

async function addPasskey(page: Page, name: string) {
  await page.goto('/userProfile')
  await ready(page, true)
  const section = page.getByRole('region', { name: 'Passkeys' })
  await section.getByLabel('Passkey name (optional)').fill(name)
  await section.getByRole('button', { name: 'Add a passkey' }).click()
  await expectToast(page, 'Passkey added.', 'success')
  return section
}

async function signOut(page: Page) {
  await sidebar(page).getByRole('button', { name: 'Log Out' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await ready(page, true)
}

test.describe('with JavaScript', () => {
  test.skip(({ jsEnabled }) => !jsEnabled, 'the passkey button needs JavaScript')

  test('add a passkey, sign in with it, remove it and be refused with it', async ({
    page,
    insertNewUser,
  }) => {
    const user = await insertNewUser({ role: 'pm', prefix: 'e2e-passkey' })
    const devices = await VirtualDevices.attach(page)
    await devices.use('pm')
    await signIn(page, user.email, true)
    await expect(page).toHaveURL(/\/dashboard$/)

    await page.goto('/userProfile')
    await ready(page, true)
    const section = page.getByRole('region', { name: 'Passkeys' })
    await expect(section.getByText('You have no passkeys yet.')).toBeVisible()
    await addPasskey(page, 'Work laptop')
    const row = section.getByRole('row', { name: /Work laptop/ })
    await expect(row.getByRole('cell')).toHaveText([
      'Work laptop',
      /\d{4}, \d{2}:\d{2}$/,
      'Never',
      'Remove',
    ])
    expect(await devices.passkeys()).toHaveLength(1)
    await expectNoSeriousViolations(page, 'the profile with a passkey')

    // Signed out, one button signs in: no email, no password.
    await signOut(page)
    await expectNoSeriousViolations(page, 'the login page with the passkey button')
    await page.getByRole('button', { name: PASSKEY_BUTTON }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await page.goto('/userProfile')
    await expect(row.getByRole('cell').nth(2)).not.toHaveText('Never')

    // Removed, it signs in no more: the page says why.
    await row.getByRole('button', { name: 'Remove passkey Work laptop' }).click()
    await expectToast(page, 'Passkey removed. It no longer signs you in.', 'success')
    await expect(section.getByText('You have no passkeys yet.')).toBeVisible()
    await signOut(page)
    await page.getByRole('button', { name: PASSKEY_BUTTON }).click()
    await expect(page.getByRole('alert').filter({ hasText: UNKNOWN }).first()).toBeVisible()
    await expect(page).toHaveURL(/\/login$/)
    await expectNoSeriousViolations(page, 'the login page refusing a passkey')
  })

  test('a disabled user is refused with the password sign-in message', async ({
    page,
    insertNewUser,
  }) => {
    const user = await insertNewUser({ role: 'pmm', prefix: 'e2e-passkey-off' })
    const devices = await VirtualDevices.attach(page)
    await devices.use('pmm')
    await signIn(page, user.email, true)
    await expect(page).toHaveURL(/\/dashboard$/)
    await addPasskey(page, '')
    await expect(page.getByRole('cell', { name: 'Passkey 1', exact: true })).toBeVisible()
    await signOut(page)
    const { sqlite } = await import('../db/client')
    sqlite.prepare('update users set is_enable = 0 where id = ?').run(user.id)
    await page.getByRole('button', { name: PASSKEY_BUTTON }).click()
    await expect(page.locator('#passkey-error')).toHaveText('Your account is disabled.')
    await expect(page).toHaveURL(/\/login$/)
  })

  test('without a device the page says so and the password form stays', async ({ page }) => {
    await page.goto('/login')
    await ready(page, true)
    await page.evaluate(() => {
      // The user cancels the browser's passkey prompt (or it times out).
      navigator.credentials.get = () =>
        Promise.reject(new DOMException('The operation was cancelled.', 'NotAllowedError'))
    })
    await page.getByRole('button', { name: PASSKEY_BUTTON }).click()
    await expect(page.locator('#passkey-error')).toHaveText(
      'The passkey request was cancelled or timed out. Please try again, or sign in with your email and password.',
    )
    await expect(page.getByLabel('Email')).toBeVisible()
  })
})

test.describe('without JavaScript', () => {
  test.skip(({ jsEnabled }) => jsEnabled, 'the page as it is without JavaScript')

  test('no passkey button; the password signs in; the profile lists and removes passkeys', async ({
    page,
    insertNewUser,
  }) => {
    const user = await insertNewUser({ role: 'pm', prefix: 'e2e-passkey-nojs' })
    // A passkey made earlier with JavaScript (its key is not used here).
    const { sqlite } = await import('../db/client')
    sqlite
      .prepare(
        'insert into passkeys (user_id, credential_id, public_key, name, created_at) values (?, ?, ?, ?, ?)',
      )
      .run(user.id, randomBytes(16).toString('base64url'), randomBytes(77), 'Phone', Date.now())

    await page.goto('/login')
    await expect(page.getByRole('button', { name: PASSKEY_BUTTON })).toHaveCount(0)
    await signIn(page, user.email, false)
    await expect(page).toHaveURL(/\/dashboard$/)

    await page.goto('/userProfile')
    const section = page.getByRole('region', { name: 'Passkeys' })
    await expect(
      section.getByText(
        'Adding a passkey needs JavaScript. Everything else on this page, removing a passkey too, works without it.',
      ),
    ).toBeVisible()
    await expect(section.getByRole('button', { name: 'Add a passkey' })).toHaveCount(0)
    await expect(section.getByRole('row', { name: /Phone/ }).getByRole('cell')).toHaveText([
      'Phone',
      /\d{4}, \d{2}:\d{2}$/,
      'Never',
      'Remove',
    ])
    await section.getByRole('button', { name: 'Remove passkey Phone' }).click()
    await expectToast(page, 'Passkey removed. It no longer signs you in.', 'success')
    await expect(section.getByText('You have no passkeys yet.')).toBeVisible()
  })
})

test('bad requests to the passkey endpoints get a 4xx and a message, never a 500', async ({
  page,
  jsEnabled,
  baseURL,
}) => {
  test.skip(!jsEnabled, 'HTTP only: once is enough')
  const headers = { Origin: baseURL ?? '' }
  const get = await page.request.get('/resources/passkey')
  expect(get.status()).toBe(405)
  expect(get.headers()['allow']).toBe('POST')
  const bogus = await page.request.post('/resources/passkey', { form: { purpose: 'x' }, headers })
  expect(bogus.status()).toBe(400)
  expect(await bogus.json()).toEqual({
    message: 'Please send purpose=sign-in or purpose=register.',
  })
  const anonymous = await page.request.post('/resources/passkey', {
    form: { purpose: 'register' },
    headers,
  })
  expect(anonymous.status()).toBe(401)
  expect(await anonymous.json()).toEqual({ message: 'Please sign in first.' })
  // An answer without a challenge of this browser: the page says so.
  await page.goto('/login')
  const answer = await page.request.post('/login', {
    form: { intent: 'passkey', response: '{"id":"x","response":{}}' },
    headers,
  })
  expect(answer.status()).toBe(400)
  expect(await answer.text()).toContain(
    'This passkey request has expired or was already used. Please try again.',
  )
})

import fs from 'node:fs/promises'
import {
  DEMO_NAMES,
  expect,
  expectFieldError,
  expectToast,
  isoDate,
  ready,
  rowRecord,
  table,
  test,
  uniqueEmail,
  type Page,
} from './utils'

const COLUMNS = ['Email', 'Reason', 'Reported By', 'Date']

const CAPTION = 'Scammer PayPal list'
const ADDED = 'Scammer PayPal added successfully.'
const REMOVED = 'Scammer PayPal removed successfully.'
const EMPTY = 'No data in the table'
/** An entry of the demo data (server/seed.ts), reported by the demo pmm. */
const SEEDED = 'refund.chaser77@gmail.com'
const SHOTS = '/tmp/e2e-shots'

const addForm = (page: Page) => page.getByRole('region', { name: 'Add to the list' })
const searchField = (page: Page) => page.getByLabel('Search by email or reason')
const confirmDialog = (page: Page, email: string) =>
  page.getByRole('dialog', { name: `Remove ${email} from the Scammer PayPal list?` })

async function shoot(page: Page, name: string) {
  await fs.mkdir(SHOTS, { recursive: true })
  await page.screenshot({
    path: `${SHOTS}/scammer-${name}-${test.info().project.name}.png`,
    fullPage: true,
  })
}

async function openList(page: Page, jsEnabled: boolean, query = '') {
  await page.goto(`/scammerPaypal${query}`)
  await ready(page, jsEnabled)
}

test('a pmm adds an entry, finds it by q and removes it after confirming', async ({
  page,
  jsEnabled,
  signInAs,
}) => {
  await signInAs('pmm')
  await openList(page, jsEnabled)
  await expect(page.getByRole('heading', { level: 1, name: 'Scammer PayPal' })).toBeAttached()
  const list = table(page, CAPTION)
  await expect(list.getByRole('columnheader')).toHaveText([...COLUMNS, 'Action'])
  await shoot(page, 'pmm')

  // Refusals: empty fields, then an email already listed (in another case).
  const form = addForm(page)
  const email = form.getByLabel('Email')
  const reason = form.getByLabel('Reason')
  const add = form.getByRole('button', { name: 'Add', exact: true })
  await add.click()
  await expectFieldError(email, 'Please enter email.')
  await expectFieldError(reason, 'Please enter a reason.')
  await email.fill(SEEDED.toUpperCase())
  await reason.fill('Seen again.')
  await add.click()
  await expectFieldError(email, 'This email is already on the Scammer PayPal list.')
  await expect(reason).toHaveValue('Seen again.')

  const reported = uniqueEmail('scammer')
  await email.fill(`  ${reported.toUpperCase()} `)
  await reason.fill('Opened a PayPal dispute after the refund.')
  await add.click()
  await expectToast(page, ADDED, 'success')
  await expect(page).toHaveURL('/scammerPaypal')
  await expect(email).toHaveValue('')
  await expect(list.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(reported)

  // Search by q: the filter lives in the URL.
  await searchField(page).fill(reported)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(`/scammerPaypal?q=${encodeURIComponent(reported)}`)
  await expect(list.getByRole('row')).toHaveCount(2)
  const row = list.getByRole('row').nth(1)
  expect(await rowRecord(list, row)).toEqual({
    Email: reported,
    Reason: 'Opened a PayPal dispute after the refund.',
    'Reported By': DEMO_NAMES.pmm,
    Date: isoDate(),
    Action: 'Remove',
  })

  // Remove asks first; cancelling keeps the entry.
  const removeLink = row.getByRole('link', { name: `Remove ${reported}` })
  await removeLink.click()
  const dialog = confirmDialog(page, reported)
  await expect(dialog).toBeVisible()
  await shoot(page, 'confirm')
  if (jsEnabled) {
    // A modal that starts on Cancel (the safe choice): focus stays inside, Escape closes it and
    // focus returns to Remove.
    await expect(page).toHaveURL(`/scammerPaypal?q=${encodeURIComponent(reported)}`)
    await expect(dialog.getByRole('link', { name: 'Cancel' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(dialog.getByRole('button', { name: 'Remove' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(dialog.getByRole('link', { name: 'Cancel' })).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    await expect(dialog.getByRole('button', { name: 'Remove' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(removeLink).toBeFocused()
    // The confirm step's URL opens the same modal; Escape goes back to the list.
    await page.goto((await removeLink.getAttribute('href'))!)
    await ready(page, jsEnabled)
    await expect.poll(() => dialog.evaluate((d) => d.matches(':modal'))).toBe(true)
    await page.keyboard.press('Escape')
    await expect(page).toHaveURL(`/scammerPaypal?q=${encodeURIComponent(reported)}`)
    await expect(dialog).toHaveCount(0)
  } else {
    // The confirm step is a page of its own, by URL.
    const confirmUrl = new URL(page.url())
    expect(confirmUrl.searchParams.get('q')).toBe(reported)
    expect(confirmUrl.searchParams.get('remove')).toMatch(/^\d+$/)
    await dialog.getByRole('link', { name: 'Cancel' }).click()
    await expect(page).toHaveURL(`/scammerPaypal?q=${encodeURIComponent(reported)}`)
    await expect(dialog).toHaveCount(0)
  }
  await expect(list.getByRole('cell', { name: reported, exact: true })).toBeVisible()

  await removeLink.click()
  await confirmDialog(page, reported).getByRole('button', { name: 'Remove' }).click()
  await expectToast(page, REMOVED, 'success')
  await expect(page).toHaveURL(`/scammerPaypal?q=${encodeURIComponent(reported)}`)
  await expect(list.getByRole('cell', { name: EMPTY })).toBeVisible()
  await expect(confirmDialog(page, reported)).toHaveCount(0)
})

test('a pm sees and searches the list, without add or remove', async ({
  page,
  jsEnabled,
  signInAs,
}) => {
  await signInAs('pm')
  await openList(page, jsEnabled)
  const list = table(page, CAPTION)
  await expect(list.getByRole('columnheader')).toHaveText(COLUMNS)
  await expect(addForm(page)).toHaveCount(0)
  await expect(list.getByRole('link', { name: /^Remove / })).toHaveCount(0)

  await searchField(page).fill('CHASER77')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL('/scammerPaypal?q=CHASER77')
  await expect(list.getByRole('row')).toHaveCount(2)
  expect(await rowRecord(list, list.getByRole('row').nth(1))).toMatchObject({
    Email: SEEDED,
    'Reported By': DEMO_NAMES.pmm,
  })
  await shoot(page, 'pm')

  // No confirm step by URL either, and the page's writes are refused.
  await openList(page, jsEnabled, '?remove=1')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  const origin = new URL(page.url()).origin
  const writes: Array<Record<string, string>> = [
    { intent: 'add', email: uniqueEmail('pm-scam'), reason: 'Not allowed' },
    { intent: 'remove', id: '1' },
  ]
  for (const form of writes) {
    const res = await page.request.post('/scammerPaypal', { form, headers: { Origin: origin } })
    expect(res.status()).toBe(403)
    expect(await res.text()).toContain(
      'Only managers and admins can change the Scammer PayPal list.',
    )
  }
})

test('a visitor is sent to /login', async ({ page }) => {
  await page.goto('/scammerPaypal?q=x')
  await expect(page).toHaveURL(/\/login\?redirectTo=%2FscammerPaypal%3Fq%3Dx$/)
})

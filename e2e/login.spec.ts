import {
  DEMO,
  expect,
  expectFieldError,
  expectNoFieldError,
  expectToast,
  pageTab,
  ready,
  createAccount,
  signIn,
  submitSignIn,
  test,
  type Page,
} from './utils'

const FAILED = 'Incorrect username or password. Please try again.'
const THROTTLED =
  'Too many failed sign-in attempts for this email. Please wait 15 minutes and try again.'

const ADMIN_CARDS = [
  'All PMM',
  'All PM',
  'Deleted User',
  'Total Products',
  'Enable Products',
  'Disable Product',
  'Total Orders',
  'Cancelled Orders',
  'Completed Orders',
  'Markets',
]
const USER_CARDS = [
  'Ordered',
  'Reviewed',
  'Delivered',
  'Refunded',
  'Review Deleted',
  'Cancelled',
  'Onhold',
  'Commission',
  'Pending',
  'Yearly',
]

for (const path of ['/login', '/'] as const) {
  test.describe(`sign-in at ${path}`, () => {
    test.beforeEach(async ({ page, jsEnabled }) => {
      await page.goto(path)
      await ready(page, jsEnabled)
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    })

    test('submitting an empty form asks for email and password', async ({ page }) => {
      await page.getByRole('button', { name: 'Sign In', exact: true }).click()
      await expectFieldError(page.getByLabel('Email'), 'Please enter your email.')
      await expectFieldError(page.getByLabel('Password'), 'Please enter your password!')
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    })

    test('a malformed email and a short password are refused', async ({ page }) => {
      await submitSignIn(page, 'someone.example.com', '12345')
      await expectFieldError(page.getByLabel('Email'), 'Email must be valid email.')
      await expectFieldError(page.getByLabel('Password'), 'Password should be 6 character long.')
      // The typed email stays; the password is never sent back.
      await expect(page.getByLabel('Email')).toHaveValue('someone.example.com')
    })

    test('a password longer than 20 characters is refused', async ({ page }) => {
      const password = page.getByLabel('Password')
      await password.fill('p'.repeat(25))
      await expect(password, 'the input keeps what was typed').toHaveValue('p'.repeat(25))
      await submitSignIn(page, DEMO.pm, 'p'.repeat(21))
      await expectFieldError(password, 'password should be less than 20 character')
      await expectNoFieldError(page.getByLabel('Email'))
    })

    test('a wrong password and an unknown email get the same toast', async ({ page }) => {
      const user = await createAccount('pm', 'wrongpw')
      await submitSignIn(page, user.email, 'not-the-password')
      await expectToast(page, FAILED, 'error')
      await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible()
      await expect(page.getByLabel('Email')).toHaveValue(user.email)

      await submitSignIn(page, 'nobody-here@example.test', 'whatever123')
      await expectToast(page, FAILED, 'error')
      await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible()
    })

    test('has a link to register', async ({ page }) => {
      await page.getByRole('link', { name: 'Register' }).click()
      await expect(page).toHaveURL(/\/register$/)
      await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible()
    })
  })
}

test('errors show once a login field is touched (with JavaScript)', async ({ page, jsEnabled }) => {
  await page.goto('/login')
  await ready(page, jsEnabled)
  const email = page.getByLabel('Email')
  const password = page.getByLabel('Password')
  await email.focus()
  await email.blur()
  if (!jsEnabled) {
    // Without JavaScript nothing is checked until the form is sent.
    await expectNoFieldError(email)
    return
  }
  await expectFieldError(email, 'Please enter your email.')
  await expectNoFieldError(password)
  await password.focus()
  await password.blur()
  await expectFieldError(password, 'Please enter your password!')
  await email.fill('bad@')
  await email.blur()
  await expectFieldError(email, 'Email must be valid email.')
  await password.fill('abc')
  await password.blur()
  await expectFieldError(password, 'Password should be 6 character long.')
  await password.fill('abcdef')
  await expectNoFieldError(password)
  await expect(page).toHaveURL(/\/login$/)
})

/** The dashboard's tab is shown and each card's label; returns the main region, the cards' place. */
async function expectDashboard(page: Page, tab: string, cards: readonly string[]) {
  await expect(pageTab(page, tab)).toBeVisible()
  const main = page.getByRole('main')
  // Each card is a link (the charts' legend and table name the statuses too).
  for (const label of cards) {
    await expect(main.getByRole('link').getByText(label, { exact: true })).toBeVisible()
  }
  return main
}

test('admin lands on the admin dashboard with its cards', async ({ page, signInAs }) => {
  await signInAs('admin')
  const main = await expectDashboard(page, 'ADMIN Dashboard', ADMIN_CARDS)
  await expect(main.getByRole('link', { name: /^All PMM: \d+$/ })).toHaveAttribute(
    'href',
    '/all/pmm?card=1',
  )
  await expect(main.getByRole('link', { name: /^All PM: \d+$/ })).toHaveAttribute(
    'href',
    '/all/pm?card=1',
  )
  // The card's name holds its detail line too, as shown.
  const deleted = main.getByRole('link', {
    name: /^Deleted User: \d+, Enabled: \d+ · Disabled: \d+$/,
  })
  await expect(deleted).toContainText(/Enabled: \d+ · Disabled: \d+/)
  await expect(deleted).toHaveAttribute('href', '/all/user/deleted?card=1')
  await expect(main.getByRole('link', { name: /^Completed Orders: \d+$/ })).toHaveAttribute(
    'href',
    '/order/completed?card=1',
  )
  // The demo data holds orders, so the total is not zero.
  await expect(main.getByRole('link', { name: /^Total Orders: [1-9][\d,]*$/ })).toBeVisible()
})

for (const role of ['pm', 'pmm'] as const) {
  test(`${role} lands on the dashboard with the order cards`, async ({ page, signInAs }) => {
    await signInAs(role)
    const main = await expectDashboard(page, `${role.toUpperCase()} Dashboard`, USER_CARDS)
    await expect(main.getByRole('link', { name: /^Review Deleted: \d+$/ })).toHaveAttribute(
      'href',
      '/orders?status=review_deleted&card=1',
    )
  })
}

test('the email is matched case-insensitively', async ({ page, jsEnabled }) => {
  await signIn(page, DEMO.pmm2.toUpperCase(), jsEnabled)
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(pageTab(page, 'PMM Dashboard')).toBeVisible()
})

test('after ten failures the eleventh attempt is refused, even with the right password', async ({
  page,
  jsEnabled,
}) => {
  test.setTimeout(60_000)
  const user = await createAccount('pm', 'throttle')
  await page.goto('/login')
  await ready(page, jsEnabled)
  for (let i = 0; i < 10; i += 1) {
    const answer = page.waitForResponse((r) => r.request().method() === 'POST')
    await submitSignIn(page, user.email, `wrong-password-${i}`)
    expect((await answer).status()).toBe(401)
    await expectToast(page, FAILED, 'error')
  }

  const answer = page.waitForResponse((r) => r.request().method() === 'POST')
  await submitSignIn(page, user.email, user.password)
  expect((await answer).status()).toBe(429)
  await expectToast(page, THROTTLED, 'error')
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible()
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/)

  // Another email is not affected.
  const other = await createAccount('pm', 'not-throttled')
  await submitSignIn(page, other.email, other.password)
  await expect(page).toHaveURL(/\/dashboard$/)
})

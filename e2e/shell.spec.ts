import {
  DEMO_NAMES,
  expect,
  expectToast,
  pageTab,
  ready,
  registerAndSignIn,
  sidebar,
  SIDEBAR,
  signIn,
  test,
  uniqueEmail,
} from './utils'

const HOME = { admin: /\/admin\/dashboard$/, pmm: /\/dashboard$/, pm: /\/dashboard$/ } as const

for (const role of ['pmm', 'pm', 'admin'] as const) {
  test.describe(`${role} shell`, () => {
    test.beforeEach(async ({ signInAs }) => {
      await signInAs(role)
    })

    test('the sidebar lists the role entries in order, then Log Out (and Help with JavaScript)', async ({
      page,
      jsEnabled,
    }) => {
      const nav = sidebar(page)
      await expect(nav).toBeVisible()
      await ready(page, jsEnabled)
      const labels = SIDEBAR[role].map(([label]) => label)
      // Help documents the keyboard shortcuts, which need JavaScript (issue 30).
      const help = jsEnabled ? ['Help'] : []
      await expect(nav.getByRole('listitem')).toHaveText([...labels, 'Log Out', ...help])
      await expect(nav.getByRole('link')).toHaveText([...labels, ...help])
      if (jsEnabled) {
        await nav.getByRole('link', { name: 'Help', exact: true }).click()
        await expect(page).toHaveURL(/\/help$/)
        await expect(page.getByRole('heading', { name: 'Help' })).toBeVisible()
      }
      for (const [label, href] of SIDEBAR[role]) {
        await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute(
          'href',
          href,
        )
      }
      await expect(nav.getByRole('button', { name: 'Log Out' })).toBeVisible()
    })

    test('the header shows the user name and avatar', async ({ page }) => {
      const header = page.getByRole('banner')
      await expect(header.getByText(DEMO_NAMES[role], { exact: true })).toBeVisible()
      const avatar = header.locator('img')
      await expect(avatar).toBeVisible()
      await expect(avatar).toHaveAttribute('src', /.+/)
      // The picture really loads.
      await expect
        .poll(() =>
          avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        )
        .toBe(true)
    })

    test('the sidebar links to the profile page', async ({ page, jsEnabled }) => {
      await ready(page, jsEnabled)
      await sidebar(page).getByRole('link', { name: "User's Profile" }).click()
      await expect(page).toHaveURL(role === 'admin' ? /\/user\/profile$/ : /\/userProfile$/)
      await expect(page.getByRole('heading', { name: 'Account Detail' })).toBeVisible()
      await expect(page.getByRole('heading', { name: DEMO_NAMES[role], level: 1 })).toBeVisible()
      await sidebar(page).getByRole('link', { name: 'Dashboard', exact: true }).click()
      await expect(page).toHaveURL(HOME[role])
    })
  })
}

test.describe('small screens', () => {
  test.use({ viewport: { width: 390, height: 800 } })

  test('the sidebar is a drawer opened from the Menu control', async ({
    page,
    jsEnabled,
    signInAs,
  }) => {
    await signInAs('pm')
    const nav = sidebar(page)
    const topbar = page.getByRole('banner')
    await expect(topbar.getByText(DEMO_NAMES.pm, { exact: true })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Orders' })).toBeHidden()
    await expect(nav.getByRole('button', { name: 'Log Out' })).toBeHidden()

    const menu = topbar.locator('label').filter({ hasText: 'Menu' })
    await expect(menu).toBeVisible()
    await menu.click()
    for (const [label] of SIDEBAR.pm) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible()
    }
    await expect(nav.getByRole('button', { name: 'Log Out' })).toBeVisible()
    // The drawer slides in from the right edge.
    await expect
      .poll(async () => {
        const box = await nav.boundingBox()
        return box ? Math.round(box.x + box.width) : null
      })
      .toBe(390)

    // Tapping beside the drawer closes it.
    await page.mouse.click(20, 400)
    await expect(nav.getByRole('link', { name: 'Orders' })).toBeHidden()
    await menu.click()
    await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible()

    await ready(page, jsEnabled)
    await nav.getByRole('link', { name: "User's Profile" }).click()
    await expect(page).toHaveURL(/\/userProfile$/)
    await expect(page.getByRole('heading', { name: 'Account Detail' })).toBeVisible()
  })
})

test.describe('log out', () => {
  test('shows the info toast on /login and ends the session', async ({
    page,
    jsEnabled,
    signInAs,
  }) => {
    await signInAs('pmm')
    await ready(page, jsEnabled)
    await sidebar(page).getByRole('button', { name: 'Log Out' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expectToast(page, 'Logout successfully!', 'info')
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()

    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/)
    // The toast was shown once only.
    await expect(page.getByText('Logout successfully!')).toHaveCount(0)
  })

  test('the old session cookie no longer works', async ({ page, jsEnabled, signInAs, browser }) => {
    await signInAs('pm2')
    const cookies = await page.context().cookies()
    await ready(page, jsEnabled)
    await sidebar(page).getByRole('button', { name: 'Log Out' }).click()
    await expect(page).toHaveURL(/\/login$/)

    // A copy of the cookie taken before logging out is worthless now.
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL })
    try {
      await other.addCookies(cookies)
      const replay = await other.newPage()
      await replay.goto('/dashboard')
      await expect(replay).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/)
    } finally {
      await other.close()
    }
  })
})

test.describe('toasts', () => {
  test('close by themselves on the dashboard', async ({ page }) => {
    await registerAndSignIn(page, 'pm', 'toast')
    await page.goto('/dashboard')
    const t = await expectToast(page, 'User registered successfully', 'success')
    await expect(t).toBeHidden({ timeout: 8000 })
    // And do not come back on the next page.
    await page.reload()
    await expect(pageTab(page, 'PM Dashboard')).toBeVisible()
    await expect(page.getByText('User registered successfully')).toHaveCount(0)
  })

  test('close by themselves on /login', async ({ page, jsEnabled, signInAs }) => {
    await signInAs('pm')
    await ready(page, jsEnabled)
    await sidebar(page).getByRole('button', { name: 'Log Out' }).click()
    const t = await expectToast(page, 'Logout successfully!', 'info')
    await expect(t).toBeHidden({ timeout: 8000 })
  })

  test('can be closed at once with the close button', async ({ page, jsEnabled }) => {
    await signIn(page, uniqueEmail('close-toast'), jsEnabled, 'wrong-password')
    const t = await expectToast(page, 'Incorrect username or password. Please try again.', 'error')
    if (jsEnabled) {
      await t.getByRole('button', { name: 'Close' }).click()
      await expect(t).toBeHidden({ timeout: 1000 })
    } else {
      // Without JavaScript the button cannot act; the toast still closes by itself.
      await expect(t).toBeHidden({ timeout: 8000 })
    }
  })
})

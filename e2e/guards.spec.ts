import { DEMO, expect, pageTab, ready, redirectChain, submitSignIn, test } from './utils'

const NOT_FOUND = 'This is the 404 page!!'

test.describe('a visitor', () => {
  test('opening /dashboard is sent to sign-in with the way back', async ({ page }) => {
    const res = await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/)
    expect(redirectChain(res)).toEqual(['/dashboard', '/login?redirectTo=%2Fdashboard'])
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  })

  for (const path of ['/userProfile', '/admin/dashboard', '/user/profile']) {
    test(`opening ${path} is sent to sign-in`, async ({ page }) => {
      await page.goto(path)
      await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`)
      await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible()
    })
  }

  test('comes back to the page they asked for after signing in', async ({ page, jsEnabled }) => {
    await page.goto('/userProfile')
    await expect(page).toHaveURL(/\/login\?redirectTo=%2FuserProfile$/)
    await ready(page, jsEnabled)
    await submitSignIn(page, DEMO.pm)
    await expect(page).toHaveURL(/\/userProfile$/)
    await expect(page.getByRole('heading', { name: 'Account Detail' })).toBeVisible()
  })

  test('keeps the query of the page they asked for', async ({ page, jsEnabled }) => {
    await page.goto('/dashboard?tab=x')
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%3Ftab%3Dx$/)
    await ready(page, jsEnabled)
    await submitSignIn(page, DEMO.pmm)
    await expect(page).toHaveURL(/\/dashboard\?tab=x$/)
    await expect(pageTab(page, 'PMM Dashboard')).toBeVisible()
  })

  test('is never sent off-site after signing in', async ({ page, jsEnabled }) => {
    await page.goto('/login?redirectTo=%2F%2Fevil.example.com%2F')
    await ready(page, jsEnabled)
    await submitSignIn(page, DEMO.pm)
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/dashboard$/)
  })
})

test.describe('a signed-in user', () => {
  // Who signs in (landing on their home), the page they open, and the dashboard it leaves them on.
  for (const [who, home, path, tab] of [
    ['pm', /\/dashboard$/, '/login', 'PM Dashboard'],
    ['pm', /\/dashboard$/, '/register', 'PM Dashboard'],
    ['pm', /\/dashboard$/, '/', 'PM Dashboard'],
    ['admin', /\/admin\/dashboard$/, '/login', 'ADMIN Dashboard'],
    ['admin', /\/admin\/dashboard$/, '/dashboard', 'ADMIN Dashboard'],
  ] as const) {
    test(`a ${who} opening ${path} goes to their dashboard`, async ({ page, signInAs }) => {
      await signInAs(who)
      await page.goto(path)
      await expect(page).toHaveURL(home)
      await expect(pageTab(page, tab)).toBeVisible()
    })
  }

  for (const path of ['/admin/dashboard', '/user/profile']) {
    test(`a pm opening the admin page ${path} is sent to /login and on to their dashboard`, async ({
      page,
      signInAs,
    }) => {
      await signInAs('pm')
      const res = await page.goto(path)
      expect(redirectChain(res)).toEqual([path, '/login', '/dashboard'])
      await expect(page).toHaveURL(/\/dashboard$/)
      await expect(pageTab(page, 'PM Dashboard')).toBeVisible()
    })
  }

  test('a pmm opening /admin/dashboard ends on their dashboard', async ({ page, signInAs }) => {
    await signInAs('pmm')
    await page.goto('/admin/dashboard')
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(pageTab(page, 'PMM Dashboard')).toBeVisible()
    await expect(page.getByText('All PMM', { exact: true })).toBeHidden()
  })
})

test.describe('unknown paths', () => {
  test('GET shows the 404 page with status 404', async ({ page }) => {
    const res = await page.goto('/no-such-page')
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: NOT_FOUND })).toBeVisible()
    await expect(page).toHaveURL(/\/no-such-page$/)
  })

  test('a deep unknown path shows the 404 page for a signed-in user too', async ({
    page,
    signInAs,
  }) => {
    await signInAs('pm')
    const res = await page.goto('/no/such/page')
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: NOT_FOUND })).toBeVisible()
  })

  test('POST answers 404 with the 404 page', async ({ page }) => {
    const res = await page.request.post('/no-such-page', { form: { a: '1' }, maxRedirects: 0 })
    expect(res.status()).toBe(404)
    expect(res.headers()['content-type']).toMatch(/text\/html/)
    expect(await res.text()).toContain(NOT_FOUND)
  })

  test('the 404 page links back to the start', async ({ page }) => {
    await page.goto('/no-such-page')
    await page.getByRole('link', { name: 'Go to the start page' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  })
})

import { DEMO, expect, pageTab, PASSWORD, ready, test } from './utils'

/*
 * A form whose code has not arrived yet (clientLazy): a submit made meanwhile is held, then sent
 * once through the app when the code comes (components/client-lazy.tsx).
 */

test('a sign-in sent while the form code is held goes once, through the app, when it arrives', async ({
  page,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, 'without JavaScript there is no form code to wait for')
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  let asked = false
  await page.route(/\/assets\/login-form-[\w-]+\.js$/, async (route) => {
    asked = true
    await released
    await route.continue()
  })
  const posts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(new URL(request.url()).pathname)
  })

  await page.goto('/login')
  await ready(page, true)
  // Typing asks for the form's code (once the page has hydrated: before that a submit is an
  // ordinary post, as without JavaScript); the submit comes while it is held.
  await page.getByLabel('Email').fill(DEMO.pm)
  await page.getByLabel('Password').fill(PASSWORD)
  await expect.poll(() => asked).toBe(true)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  // Held a while (under the 5 s after which it would go as a plain post): nothing is sent.
  await page.waitForTimeout(2000)
  expect(posts).toEqual([])
  await expect(page).toHaveURL(/\/login$/)

  release()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(pageTab(page, 'PM Dashboard')).toBeVisible()
  // Once, and as a data request of the app (a plain post would be to /login itself).
  expect(posts).toEqual(['/login.data'])
})

test("a list tab of Active Products loads its own table's code, on first use, and no other tab's", async ({
  page,
  jsEnabled,
  signInAs,
}) => {
  test.skip(!jsEnabled, 'without JavaScript there is no table code')
  const scripts: string[] = []
  page.on('request', (request) => {
    const name = new URL(request.url()).pathname.match(/\/assets\/([a-z-]+)-[\w-]+\.js$/)?.[1]
    if (name) scripts.push(name)
  })
  await signInAs('pm', '/activeProducts')
  await expect(page.getByRole('table', { name: 'Products', exact: true })).toBeVisible()
  // The server's table is on the page; its code has not come yet.
  expect(scripts).not.toContain('product-table')
  await page.keyboard.press('Tab')
  await expect.poll(() => scripts).toContain('product-table')
  // The RESERVED tab's table is not this tab's code.
  expect(scripts).not.toContain('reservation-table')
})

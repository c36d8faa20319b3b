import AxeBuilder from '@axe-core/playwright'
import { expect, expectToast, ready, sidebar, signIn, test, uniqueEmail, type Page } from './utils'
import { SCREENS, type Role } from './screens'
import { resolve, signInAs } from './screen-paths'

/*
 * Issue 10, section 3: axe finds nothing serious or critical (WCAG 2.0 and 2.1, A and AA) on any
 * page of any role, on a desktop (1280 px) and a phone (390 px), nor in the states a page passes
 * through: a form showing its errors after a failed submit, the phone's drawer open, a toast.
 */

/**
 * Runs axe over the whole page and expects no serious or critical violation; the message lists
 * each one with the elements it was found on.
 */
async function expectNoSeriousViolations(page: Page, what: string) {
  const { violations } = await withScripts(page, (target) =>
    new AxeBuilder({ page: target })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze(),
  )
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target).join(', ')}`)
  expect(serious, `serious or critical axe violations on ${what}`).toEqual([])
}

/**
 * Axe needs timers, which do not run in a page with JavaScript off. There it looks at a copy:
 * the page as it stands (fields' current values and checked boxes written into the markup),
 * without its scripts, opened at the same address and size in a browser with JavaScript on.
 */
async function withScripts<T>(page: Page, run: (page: Page) => Promise<T>) {
  if (test.info().project.use.javaScriptEnabled !== false) return run(page)
  await page.evaluate(() => {
    for (const input of document.querySelectorAll('input')) {
      if (input.checked) input.setAttribute('checked', '')
      else input.removeAttribute('checked')
      if (input.type !== 'file') input.setAttribute('value', input.value)
    }
    for (const area of document.querySelectorAll('textarea')) area.textContent = area.value
    for (const option of document.querySelectorAll('option')) {
      if (option.selected) option.setAttribute('selected', '')
      else option.removeAttribute('selected')
    }
  })
  const html = (await page.content())
    .replace(/<script\b[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, '')
  const context = await page
    .context()
    .browser()!
    .newContext({
      javaScriptEnabled: true,
      viewport: page.viewportSize(),
      storageState: await page.context().storageState(),
    })
  try {
    const copy = await context.newPage()
    const url = page.url()
    await copy.route(url, (route) =>
      route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' }),
    )
    await copy.goto(url)
    // A toast fades in again in the copy.
    await copy.waitForFunction(() =>
      [...document.querySelectorAll('[data-toast]')].every(
        (t) => getComputedStyle(t).opacity === '1',
      ),
    )
    return await run(copy)
  } finally {
    await context.close()
  }
}

/** The phone's drawer: Menu opens it (Enter with JavaScript, Space as a plain checkbox). */
async function openDrawer(page: Page, jsEnabled: boolean) {
  const menu = page.getByRole('checkbox', { name: 'Menu' })
  await menu.focus()
  await page.keyboard.press(jsEnabled ? 'Enter' : 'Space')
  await expect(menu).toBeChecked()
  await expect(sidebar(page).getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible()
}

/** Waits until the toast has faded in, so its colours are the ones it shows. */
async function toastShown(page: Page, message: string, kind: 'error' | 'info') {
  const t = await expectToast(page, message, kind)
  await expect.poll(() => t.evaluate((el) => getComputedStyle(el).opacity)).toBe('1')
}

/** The forms a failed submit is checked on: who, where, and the button that sends it. */
const FORMS: Array<[Role, string, string]> = [
  ['anonymous', '/register', 'Register'],
  ['pmm', '/activeProducts?tab=add', 'Add Product'],
  ['pm', '/activeProducts?tab=reserve', 'RESERVE NOW'],
  ['pm', '/orders?tab=add', 'Create Order'],
  ['pmm', '/scammerPaypal', 'Add'],
  ['admin', '/all/markets', 'Add'],
]

for (const width of [1280, 390] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } })

    for (const role of Object.keys(SCREENS) as Role[]) {
      for (const template of SCREENS[role]) {
        test(`${role}: ${template}`, async ({ page, jsEnabled }) => {
          await signInAs(page, role)
          const path = await resolve(page, role, template)
          await page.goto(path)
          await ready(page, jsEnabled)
          await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
          await expectNoSeriousViolations(page, `${path} as ${role}`)
        })
      }
    }

    for (const [role, path, button] of FORMS) {
      test(`${role}: ${path} after a failed submit`, async ({ page, jsEnabled }) => {
        await signInAs(page, role)
        await page.goto(path)
        await ready(page, jsEnabled)
        await page.getByRole('button', { name: button, exact: true }).click()
        // The first invalid field shows its message, tied to it.
        const invalid = page.locator('main [aria-invalid="true"]').first()
        await expect(invalid).toBeVisible()
        await expect(invalid).toHaveAccessibleDescription(/\S/)
        await expectNoSeriousViolations(page, `${path} with errors as ${role}`)
      })
    }

    test('the sign-in form with the error toast', async ({ page, jsEnabled }) => {
      await signIn(page, uniqueEmail('a11y-wrong'), jsEnabled, 'wrong-password')
      await toastShown(page, 'Incorrect username or password. Please try again.', 'error')
      await expectNoSeriousViolations(page, '/login with the error toast')
    })

    test('the sign-in page with the logout toast', async ({ page, jsEnabled, openAsNewUser }) => {
      await openAsNewUser({ role: 'pm', prefix: 'a11y-logout' }, '/dashboard')
      if (width === 390) await openDrawer(page, jsEnabled)
      await sidebar(page).getByRole('button', { name: 'Log Out' }).click()
      await expect(page).toHaveURL(/\/login$/)
      await toastShown(page, 'Logout successfully!', 'info')
      await expectNoSeriousViolations(page, '/login with the logout toast')
    })

    if (width === 390) {
      for (const role of ['pmm', 'pm', 'admin'] as const) {
        test(`${role}: the drawer open`, async ({ page, jsEnabled }) => {
          await signInAs(page, role)
          await page.goto(role === 'admin' ? '/admin/dashboard' : '/dashboard')
          await ready(page, jsEnabled)
          await openDrawer(page, jsEnabled)
          await expectNoSeriousViolations(page, `the open drawer of ${role}`)
        })
      }
    }
  })
}

import { expect, expectToast, ready, sidebar, signIn, test, uniqueEmail, type Page } from './utils'
import { expectNoSeriousViolations } from './axe'
import { SCREENS, type Role } from './screens'
import { resolve, signInAs } from './screen-paths'

/*
 * Issue 10, section 3: axe finds nothing serious or critical (WCAG 2.0 and 2.1, A and AA) on any
 * page of any role, on a desktop (1280 px) and a phone (390 px), nor in the states a page passes
 * through: a form showing its errors after a failed submit, the phone's drawer open, a toast.
 */

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

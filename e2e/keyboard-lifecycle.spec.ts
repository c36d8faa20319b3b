import {
  expect,
  expectToast,
  FIXTURES,
  MARKETS,
  PASSWORD,
  ready,
  shortcutsListen,
  sidebar,
  signIn,
  test,
  type Page,
} from './utils'
import { randomUUID } from 'node:crypto'
import type { Locator } from '@playwright/test'
import { VirtualDevices } from './webauthn'

/*
 * Issue 23: the whole order lifecycle with the keyboard only, counting every key (each typed
 * character is one key). A pm reserves a product and records its order with its picture, the pmm
 * changes the status, the admin completes it, the pmm downloads the CSV. The walk takes the
 * shortest way a keyboard user has: Tab to the next control (never Shift+Tab), Enter or Space to
 * act, arrows in a select. The count may not grow past the budget: what a change costs the
 * keyboard shows here.
 *
 * Budgets: the counts measured once issue 23's items 1 to 5 were done (438 and 500), plus the 9
 * Tab stops that issue 22 added on the lists the walk crosses (column sort links, Export (CSV)),
 * measured once both were merged. Before issue 23 the same walk took 482 keys with JavaScript
 * and 527 without. Since the walk waits for each toast to close by itself (its close button was a
 * Tab stop only on a fast machine), it takes 444 and 506 keys; the budgets stay where issue 30
 * measured them. The admin is a fresh one (the demo admin's lists remember other tests' places):
 * 440 and 506 keys. With passkeys and Help in the sidebar (issue 30): 445 and 508 keys, neither
 * of them passed (the passkey button follows the password form in a browser that never used one;
 * Help follows Log Out and comes with JavaScript); the 3 keys over 442 are the dashboards' chart
 * summaries ("Numbers of the chart"), a Tab stop when the dashboard has a chart.
 */
const BUDGET = { js: 447, 'no-js': 509 } as const

class Keys {
  count = 0
  /** The characters typed (part of count). */
  typed = 0
  constructor(private readonly page: Page) {}

  /** Where each key left the focus: printed when the walk goes over its budget. */
  readonly trail: string[] = []

  async press(key: string) {
    this.count += 1
    await this.page.keyboard.press(key)
    if (key !== 'Tab') return
    const focused = await this.page
      .evaluate(() => {
        const el = document.activeElement
        if (!el || el === document.body) return '(body)'
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? ''
        return `${el.tagName.toLowerCase()} ${name}`
      })
      .catch(() => '(navigating)')
    this.trail.push(`${this.count} ${new URL(this.page.url()).pathname} Tab → ${focused}`)
  }

  async type(text: string) {
    this.count += text.length
    this.typed += text.length
    await this.page.keyboard.type(text)
  }

  /**
   * Space on the file input (reached by Tab before), and the chooser it opens. Headless Chromium
   * now and then drops the chooser of a focused input's Space (three times in the full runs of
   * 2026-11-26 and 27): then the harness focuses the input again and presses once more, neither
   * counted, since the user pressed once.
   */
  async openFileChooser(input: Locator) {
    const opened = (timeout: number) => this.page.waitForEvent('filechooser', { timeout })
    let chooser = opened(5_000)
    await this.press('Space')
    try {
      return await chooser
    } catch {
      chooser = opened(10_000)
      await input.focus()
      await this.page.keyboard.press('Space')
      return await chooser
    }
  }

  /** Tab until `target` has the focus. */
  async tabTo(target: Locator, max = 150) {
    await target.waitFor()
    for (let i = 0; i <= max; i += 1) {
      if (await target.evaluate((el) => el === document.activeElement)) return
      await this.press('Tab')
    }
    throw new Error(`${String(target)} not reached in ${max} Tab presses`)
  }

  /** In the focused select, arrow down (or up) until `label` is chosen. */
  async choose(select: Locator, label: string) {
    for (const key of ['ArrowDown', 'ArrowUp']) {
      for (let i = 0; i < 20; i += 1) {
        const chosen = await select.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text)
        if (chosen === label) return
        await this.press(key)
      }
    }
    throw new Error(`${label} not found in ${String(select)}`)
  }
}

/**
 * What is typed has the same length in every run (a generated email's length varies with the
 * process id and a counter, and each character is a key): the user's email becomes one of a
 * fixed length.
 */
async function fixedLengthEmail(user: { id: number }, tag: string, domain = 'example.test') {
  const { sqlite } = await import('../db/client')
  const email = `${tag}-${randomUUID().slice(0, 8)}@${domain}`
  sqlite.prepare('update users set email = ? where id = ?').run(email, user.id)
  return email
}

async function signInWithKeys(page: Page, keys: Keys, email: string, jsEnabled: boolean) {
  await page.goto('/login')
  await ready(page, jsEnabled)
  await keys.tabTo(page.getByLabel('Email'))
  await keys.type(email)
  await keys.tabTo(page.getByLabel('Password'))
  await keys.type(PASSWORD)
  await keys.press('Enter')
  await expect(page).toHaveURL(/dashboard$/)
  await ready(page, jsEnabled)
}

async function signOutWithKeys(page: Page, keys: Keys) {
  await keys.tabTo(page.getByRole('button', { name: 'Log Out' }))
  await keys.press('Enter')
  await expect(page).toHaveURL(/\/login$/)
}

/**
 * The user reads the toast and it closes by itself (3 or 5 s). Its close button is a Tab stop
 * only while it shows: waiting makes the count the same on a fast and a slow machine (a walk that
 * started within the 3 s counted it, one that started later did not).
 */
async function readToast(page: Page, message: string) {
  const toast = page.getByText(message)
  await expect(toast).toBeVisible()
  await expect(toast).toBeHidden({ timeout: 10_000 })
}

/**
 * Follow a link (or press a button) reached by Tab. Without JavaScript a link to a fragment (the
 * order's Change Status and Edit) opens the page where the next Tab starts from that fragment,
 * once the browser has applied it: the walk waits for that page's load, as a user waits to see
 * it (waitForLoadState could answer for the page before, and a Tab sooner started at the top:
 * 10 more keys, once in a full run).
 */
async function activate(page: Page, keys: Keys, target: Locator, jsEnabled: boolean) {
  const href = jsEnabled ? null : await target.getAttribute('href')
  await keys.tabTo(target)
  await keys.press('Enter')
  if (href?.includes('#')) {
    const hash = href.slice(href.indexOf('#'))
    await page.waitForURL((url) => url.hash === hash, { waitUntil: 'load' })
  }
  await page.waitForLoadState()
  await ready(page, jsEnabled)
}

/** On the order's detail: Change Status, choose, Save; the list comes back with the toast. */
async function changeStatusWithKeys(page: Page, keys: Keys, status: string, jsEnabled: boolean) {
  await activate(page, keys, page.getByRole('link', { name: 'Change Status' }), jsEnabled)
  const dialog = page.getByRole('dialog', { name: 'Change Status' })
  await expect(dialog).toBeVisible()
  const select = dialog.getByLabel('Status')
  await keys.tabTo(select)
  await keys.choose(select, status)
  await keys.tabTo(dialog.getByRole('button', { name: 'Save' }))
  await keys.press('Enter')
  await readToast(page, 'Status updated successfully.')
  await ready(page, jsEnabled)
}

test('the order lifecycle with the keyboard only stays within its key budget', async ({
  page,
  jsEnabled,
  insertNewUser,
  insertNewProduct,
}, testInfo) => {
  test.setTimeout(120_000)
  const pmm = await insertNewUser({ role: 'pmm', prefix: 'kbd-pmm' })
  const pm = await insertNewUser({ role: 'pm', prefix: 'kbd-pm' })
  const product = await insertNewProduct({ ownerId: pmm.id })
  const pmmEmail = await fixedLengthEmail(pmm, 'kbd-pmm')
  const pmEmail = await fixedLengthEmail(pm, 'kbd-pm')
  // A fresh admin (the demo admin's lists remember other tests' places, a Showing line first),
  // with an email as long as the demo admin's (admin@example.com), which the budget counted.
  const admin = await insertNewUser({ role: 'admin', prefix: 'kbd-adm' })
  const adminEmail = await fixedLengthEmail(admin, 'k', 'ex.tst')
  const number = `KBD-${randomUUID().slice(0, 12)}`
  const keys = new Keys(page)

  // The pm reserves the product by its id, then records the order from CREATE ORDER.
  await signInWithKeys(page, keys, pmEmail, jsEnabled)
  await activate(page, keys, page.getByRole('link', { name: 'Reservations' }), jsEnabled)
  await activate(page, keys, page.getByRole('link', { name: 'ADD NEW RESERVATION' }), jsEnabled)
  await keys.tabTo(page.getByLabel('Enter Product ID'))
  await keys.type(String(product.pId))
  await keys.press('Enter')
  const createOrder = page.getByRole('link', { name: `Create order for product ${product.pId}` })
  await expect(createOrder).toBeVisible()
  await ready(page, jsEnabled)
  await activate(page, keys, createOrder, jsEnabled)
  await expect(page.getByLabel('Product ID')).toHaveValue(String(product.pId))
  await keys.tabTo(page.getByLabel('Order Number'))
  await keys.type(number)
  const market = page.getByLabel('Market')
  await keys.tabTo(market)
  await keys.choose(market, `${MARKETS.DE} (DE)`)
  await keys.tabTo(page.getByLabel('Customer Email'))
  await keys.type(`buyer-${number.toLowerCase()}@example.test`)
  const picture = page.getByLabel('Order Picture')
  await keys.tabTo(picture)
  await (await keys.openFileChooser(picture)).setFiles(FIXTURES.product)
  await keys.tabTo(page.getByLabel('Buyer Contact'))
  await keys.type('wa 03001234567')
  await keys.tabTo(page.getByRole('button', { name: 'Create Order' }))
  await keys.press('Enter')
  await readToast(page, 'Order created successfully.')
  await ready(page, jsEnabled)
  await signOutWithKeys(page, keys)

  // The pmm who owns the product sets it Refunded.
  await signInWithKeys(page, keys, pmmEmail, jsEnabled)
  await activate(page, keys, page.getByRole('link', { name: 'Orders', exact: true }), jsEnabled)
  await activate(page, keys, page.getByRole('link', { name: `View order ${number}` }), jsEnabled)
  await changeStatusWithKeys(page, keys, 'Refunded', jsEnabled)
  await signOutWithKeys(page, keys)

  // The admin finds it in All Orders by its number and completes it (Commission).
  await signInWithKeys(page, keys, adminEmail, jsEnabled)
  await activate(page, keys, page.getByRole('link', { name: 'All Orders' }), jsEnabled)
  await keys.tabTo(page.getByLabel('Search by order Number'))
  await keys.type(number)
  await keys.press('Enter')
  await expect(page).toHaveURL(new RegExp(`orderNumber=${number}`))
  await ready(page, jsEnabled)
  await activate(page, keys, page.getByRole('link', { name: `View order ${number}` }), jsEnabled)
  await changeStatusWithKeys(page, keys, 'Commission', jsEnabled)
  await signOutWithKeys(page, keys)

  // The pmm downloads today's report as CSV: the order is in it, completed.
  await signInWithKeys(page, keys, pmmEmail, jsEnabled)
  await activate(page, keys, page.getByRole('link', { name: 'Order Reports' }), jsEnabled)
  await keys.tabTo(
    page.getByRole('button', { name: 'CSV' }).or(page.getByRole('link', { name: 'CSV' })),
  )
  const download = page.waitForEvent('download')
  await keys.press('Enter')
  const csv = await (await download).path()
  const { readFile } = await import('node:fs/promises')
  const text = await readFile(csv, 'utf8')
  expect(text).toContain(number)
  expect(text).toContain('Commission')

  const project = testInfo.project.name as keyof typeof BUDGET
  testInfo.annotations.push({ type: 'keys', description: String(keys.count) })
  console.log(`keyboard lifecycle (${project}): ${keys.count} keys`)
  if (keys.count > BUDGET[project]) {
    await testInfo.attach('tab-trail', { body: keys.trail.join('\n'), contentType: 'text/plain' })
    console.log(keys.trail.join('\n'))
  }
  expect(keys.count).toBeLessThanOrEqual(BUDGET[project])
})

/*
 * Issue 30: the same lifecycle with the shortcuts, the palette and passkeys (JavaScript only): `g`
 * and a letter instead of the walk through the sidebar, `n` for a screen's new form, Ctrl+K and a
 * part of the order number instead of the list's search, the palette's Log Out, and each sign-in
 * with a passkey (Tab to "Sign in with a passkey", Enter) instead of an email and a password. The
 * issue's goal was 220 keys (from 447). With the shortcuts and the palette and the password
 * sign-ins it took 323 keys, 239 of them typed (the four sign-ins' emails and passwords among
 * them); with passkeys: 172, of which 92 are typed (the order's fields, the palette's searches):
 * each sign-in is 2 keys instead of about 40. The login page offers the passkey first in a
 * browser that has made or used one (here: after the setup), otherwise after the password form,
 * where it would take 184 keys (4 Tabs instead of 1 per sign-in), so a password user's way is
 * unchanged (the walk above).
 *
 * Setup, not counted: each person adds a passkey on their profile once before the walk (signed
 * in with the password by the harness), each on a device of their own (a virtual authenticator: the
 * pm, the pmm, who signs in twice, and the admin have three devices; the harness plugs in the
 * person's device before each sign-in, so the browser offers exactly one passkey and shows no
 * chooser).
 */
const SHORTCUT_BUDGET = 172

/** Setup (not counted): `who` signs in with the password and adds a passkey on `device`. */
async function addPasskeyFor(
  page: Page,
  devices: VirtualDevices,
  device: string,
  email: string,
  profile: string,
) {
  await devices.use(device)
  await signIn(page, email, true)
  await expect(page).toHaveURL(/dashboard$/)
  await page.goto(profile)
  await ready(page, true)
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await expectToast(page, 'Passkey added.', 'success')
  await sidebar(page).getByRole('button', { name: 'Log Out' }).click()
  await expect(page).toHaveURL(/\/login$/)
}

/** The person's device is at hand (not counted); Tab to "Sign in with a passkey", Enter. */
async function signInWithPasskey(page: Page, keys: Keys, devices: VirtualDevices, device: string) {
  await devices.use(device)
  await page.goto('/login')
  await ready(page, true)
  const button = page.getByRole('button', { name: 'Sign in with a passkey' })
  await expect(button).toBeVisible()
  await keys.tabTo(button)
  await keys.press('Enter')
  await expect(page).toHaveURL(/dashboard$/)
  await ready(page, true)
  // The next keys are shortcuts (g r, g e, Ctrl+K): pressed before the shell's listener is there,
  // they would be lost (the tracker's CI of stop 48: g r left the pm on the dashboard).
  await shortcutsListen(page)
}

async function paletteTo(page: Page, keys: Keys, text: string, option: string) {
  await keys.press('Control+k')
  const palette = page.getByRole('dialog', { name: 'Go to' })
  await expect(palette).toBeVisible()
  await keys.type(text)
  await expect(palette.getByRole('option').first()).toHaveText(option)
  await keys.press('Enter')
  await page.waitForLoadState()
}

test('the order lifecycle with the shortcuts and the palette', async ({
  page,
  jsEnabled,
  insertNewUser,
  insertNewProduct,
}, testInfo) => {
  test.skip(!jsEnabled, 'the shortcuts and the palette need JavaScript')
  test.setTimeout(120_000)
  const pmm = await insertNewUser({ role: 'pmm', prefix: 'kbd-pmm' })
  const pm = await insertNewUser({ role: 'pm', prefix: 'kbd-pm' })
  const product = await insertNewProduct({ ownerId: pmm.id })
  const pmmEmail = await fixedLengthEmail(pmm, 'kbd-pmm')
  const pmEmail = await fixedLengthEmail(pm, 'kbd-pm')
  const admin = await insertNewUser({ role: 'admin', prefix: 'kbd-adm' })
  const adminEmail = await fixedLengthEmail(admin, 'k', 'ex.tst')
  const number = `KBD-${randomUUID().slice(0, 12)}`
  const email = `buyer-${number.toLowerCase()}@example.test`
  const devices = await VirtualDevices.attach(page)
  await addPasskeyFor(page, devices, 'pm', pmEmail, '/userProfile')
  await addPasskeyFor(page, devices, 'pmm', pmmEmail, '/userProfile')
  await addPasskeyFor(page, devices, 'admin', adminEmail, '/user/profile')
  const keys = new Keys(page)

  // The pm: g r, n (ADD NEW RESERVATION), the product id, then the order's form.
  await signInWithPasskey(page, keys, devices, 'pm')
  await keys.press('g')
  await keys.press('r')
  await expect(page).toHaveURL(/\/reservations$/)
  await ready(page, jsEnabled)
  await keys.press('n')
  const pIdField = page.getByLabel('Enter Product ID')
  await expect(pIdField).toBeVisible()
  await ready(page, jsEnabled)
  await keys.press('/')
  await expect(pIdField).toBeFocused()
  await keys.type(String(product.pId))
  await keys.press('Enter')
  const createOrder = page.getByRole('link', { name: `Create order for product ${product.pId}` })
  await expect(createOrder).toBeVisible()
  await ready(page, jsEnabled)
  await activate(page, keys, createOrder, jsEnabled)
  await expect(page.getByLabel('Product ID')).toHaveValue(String(product.pId))
  await keys.tabTo(page.getByLabel('Order Number'))
  await keys.type(number)
  const market = page.getByLabel('Market')
  await keys.tabTo(market)
  await keys.choose(market, `${MARKETS.DE} (DE)`)
  await keys.tabTo(page.getByLabel('Customer Email'))
  await keys.type(email)
  const picture = page.getByLabel('Order Picture')
  await keys.tabTo(picture)
  await (await keys.openFileChooser(picture)).setFiles(FIXTURES.product)
  await keys.tabTo(page.getByLabel('Buyer Contact'))
  await keys.type('wa 03001234567')
  await keys.tabTo(page.getByRole('button', { name: 'Create Order' }))
  await keys.press('Enter')
  await readToast(page, 'Order created successfully.')
  await ready(page, jsEnabled)
  await paletteTo(page, keys, 'log', 'Screen Log Out')
  await expect(page).toHaveURL(/\/login$/)

  // The pmm: Ctrl+K, a part of the number, Enter: the order; Refunded.
  const part = number.slice(-6)
  const option = `Order ${number} (${email})`
  await signInWithPasskey(page, keys, devices, 'pmm')
  await paletteTo(page, keys, part, option)
  await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible()
  await ready(page, jsEnabled)
  await changeStatusWithKeys(page, keys, 'Refunded', jsEnabled)
  await paletteTo(page, keys, 'log', 'Screen Log Out')
  await expect(page).toHaveURL(/\/login$/)

  // The admin: the same; Commission.
  await signInWithPasskey(page, keys, devices, 'admin')
  await expect(page).toHaveURL(/admin\/dashboard$/)
  await paletteTo(page, keys, part, option)
  await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible()
  await ready(page, jsEnabled)
  await changeStatusWithKeys(page, keys, 'Commission', jsEnabled)
  await paletteTo(page, keys, 'log', 'Screen Log Out')
  await expect(page).toHaveURL(/\/login$/)

  // The pmm: g e (Order Reports), the CSV.
  await signInWithPasskey(page, keys, devices, 'pmm')
  await keys.press('g')
  await keys.press('e')
  await expect(page).toHaveURL(/\/orderReport$/)
  await ready(page, jsEnabled)
  await keys.tabTo(
    page.getByRole('button', { name: 'CSV' }).or(page.getByRole('link', { name: 'CSV' })),
  )
  const download = page.waitForEvent('download')
  await keys.press('Enter')
  const csv = await (await download).path()
  const { readFile } = await import('node:fs/promises')
  const text = await readFile(csv, 'utf8')
  expect(text).toContain(number)
  expect(text).toContain('Commission')

  testInfo.annotations.push({ type: 'keys', description: String(keys.count) })
  console.log(
    `keyboard lifecycle with shortcuts (js): ${keys.count} keys, ${keys.typed} of them typed`,
  )
  if (keys.count > SHORTCUT_BUDGET) {
    await testInfo.attach('tab-trail', { body: keys.trail.join('\n'), contentType: 'text/plain' })
    console.log(keys.trail.join('\n'))
  }
  expect(keys.count).toBeLessThanOrEqual(SHORTCUT_BUDGET)
})

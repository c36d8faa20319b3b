import fs from 'node:fs/promises'
import {
  DEMO,
  expect,
  expectToast,
  FIXTURES,
  PASSWORD,
  pressCopy,
  ready,
  signInWith,
  tabFromFragment,
  test as base,
  type DataFixtures,
  type Page,
} from './utils'
import { freshProduct } from './order-data'

/*
 * Issue 23, items 1 to 4: an opened form is in view and has the keyboard, every way back from an
 * order returns to the list (filters, page) it was opened from, and the focus lands where the user
 * looks after a navigation or a change.
 */

/** A pmm's product and `count` orders of a fresh pm on it, the newest last. */
async function ordersOfFreshPm(fixtures: DataFixtures, count: number) {
  const { pmm, pm, product, order } = await freshProduct(fixtures)
  const orders = Array.from({ length: count }, (_, i) =>
    order({
      prefix: 'FLOW',
      name: String(i).padStart(2, '0'),
      createdAt: new Date(Date.now() - (count - i) * 1000),
    }),
  )
  return { pm, pmm, product, orders }
}

/** A fresh pmm's report: two orders today (Ordered, Reviewed) and an Ordered one 40 days ago. */
async function reportOfFreshPmm(fixtures: DataFixtures) {
  const { pmm, order } = await freshProduct(fixtures)
  const make = (name: string, statusId: string, daysAgo = 0) =>
    order({ prefix: 'REP', name, statusId, createdAt: new Date(Date.now() - daysAgo * 86_400_000) })
      .orderNumber
  return {
    pmm,
    orderedToday: make('today', 'ordered'),
    reviewedToday: make('reviewed', 'reviewed'),
    orderedBefore: make('before', 'ordered', 40),
  }
}

const test = base.extend<{
  /** Makes a fresh pmm's report (reportOfFreshPmm) and opens `path` as that pmm. */
  openFreshReport: (path: string) => ReturnType<typeof reportOfFreshPmm>
}>({
  openFreshReport: async ({ page, jsEnabled, insertNewUser, insertNewProduct }, use) => {
    await use(async (path) => {
      const report = await reportOfFreshPmm({ insertNewUser, insertNewProduct })
      await openAs(page, report.pmm.email, path, jsEnabled)
      return report
    })
  },
})

const daysAgo = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)

async function openAs(page: Page, email: string, path: string, jsEnabled: boolean) {
  await page.context().clearCookies()
  await signInWith(page.request, email, PASSWORD)
  await page.goto(path)
  await ready(page, jsEnabled)
}

const viewLink = (page: Page, orderNumber: string) =>
  page.getByRole('link', { name: `View order ${orderNumber}` })

/** With JavaScript the focus is on `target`; without, the next Tab brings it there. */
async function expectKeyboardAt(page: Page, target: ReturnType<Page['locator']>, js: boolean) {
  if (!js) await tabFromFragment(page)
  await expect(target).toBeFocused()
}

for (const width of [390, 1280]) {
  test(`Change Status and Edit open their form in view, with the keyboard in it (${width} px)`, async ({
    page,
    jsEnabled,
    insertNewUser,
    insertNewProduct,
  }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
    const { pm, orders } = await ordersOfFreshPm({ insertNewUser, insertNewProduct }, 1)
    const order = orders[0]!
    await openAs(page, pm.email, '/orders', jsEnabled)
    await viewLink(page, order.orderNumber).click()
    await expect(page.getByRole('heading', { name: `Order ${order.orderNumber}` })).toBeVisible()
    await ready(page, jsEnabled)
    const detail = page.url()

    await page.getByRole('link', { name: 'Change Status' }).click()
    const status = page.getByRole('dialog', { name: 'Change Status' }).getByLabel('Status')
    await expect(status).toBeInViewport()
    await expectKeyboardAt(page, status, jsEnabled)

    await page.goto(detail)
    await ready(page, jsEnabled)
    await page.getByRole('link', { name: 'Edit' }).click()
    const number = page.getByLabel('Order Number')
    await expect(number).toHaveValue(order.orderNumber)
    await expect(number).toBeInViewport()
    await expectKeyboardAt(page, number, jsEnabled)
  })
}

test('every way back from an order returns to the list, filters and page it was opened from', async ({
  page,
  jsEnabled,
  insertNewUser,
  insertNewProduct,
}) => {
  const { pm, orders } = await ordersOfFreshPm({ insertNewUser, insertNewProduct }, 28)
  const list = '/orders?status=ordered&page=2'
  // Newest first: page 2 holds the three oldest.
  const [first, second, third] = orders
  await openAs(page, pm.email, list, jsEnabled)
  const expectAtList = async (id?: number) => {
    await expect(page).toHaveURL((url) => url.pathname + url.search === list)
    if (id) await expect(page).toHaveURL((url) => url.hash === `#order-${id}`)
    await ready(page, jsEnabled)
  }

  // Back.
  await viewLink(page, first!.orderNumber).click()
  await ready(page, jsEnabled)
  await page.getByRole('link', { name: 'Back' }).click()
  await expectAtList()

  // An upload.
  await viewLink(page, first!.orderNumber).click()
  await ready(page, jsEnabled)
  await page.getByLabel('Upload review picture').setInputFiles(FIXTURES.marketplace)
  await page
    .getByRole('region', { name: 'Review Picture' })
    .getByRole('button', { name: 'Upload', exact: true })
    .click()
  await expectToast(page, 'Picture updated successfully for review', 'success')
  await expectAtList(first!.id)

  // An edit.
  await viewLink(page, second!.orderNumber).click()
  await ready(page, jsEnabled)
  await page.getByRole('link', { name: 'Edit' }).click()
  await page.getByLabel('Remark').fill('Back where I was')
  await page.getByRole('button', { name: 'Save' }).click()
  await expectToast(page, 'Order updated successfully.', 'success')
  await expectAtList(second!.id)

  // A status change (the order leaves the filtered list; the list is still the one left).
  await viewLink(page, third!.orderNumber).click()
  await ready(page, jsEnabled)
  await page.getByRole('link', { name: 'Change Status' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change Status' })
  await dialog.getByLabel('Status').selectOption({ label: 'Reviewed' })
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expectToast(page, 'Status updated successfully.', 'success')
  await expectAtList(third!.id)

  // An admin who came from All Orders goes back there.
  const adminList = `/all/order?orderNumber=${third!.orderNumber}`
  await openAs(page, DEMO.admin, adminList, jsEnabled)
  await viewLink(page, third!.orderNumber).click()
  await ready(page, jsEnabled)
  await page.getByRole('link', { name: 'Change Status' }).click()
  await dialog.getByLabel('Status').selectOption({ label: 'Commission' })
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expectToast(page, 'Status updated successfully.', 'success')
  await expect(page).toHaveURL((url) => url.pathname + url.search === adminList)
  await expect(page.locator(`#order-${third!.id}`)).toContainText('Commission')
})

test('after Next, Page 1 or a change, the focus is on the new page or the changed row', async ({
  page,
  jsEnabled,
  insertNewUser,
  insertNewProduct,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const { pm, orders } = await ordersOfFreshPm({ insertNewUser, insertNewProduct }, 28)
  await openAs(page, pm.email, '/orders', jsEnabled)
  const heading = page.locator('#content h1')
  const pages = page.getByRole('navigation', { name: 'Pages' })
  await pages.getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(viewLink(page, orders[0]!.orderNumber)).toBeVisible()
  if (jsEnabled) await expect(heading).toBeFocused()
  // The new page is read from its top (the focus is not left on a link at the bottom).
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await pages.getByRole('link', { name: 'Page 1' }).click()
  await expect(page).toHaveURL(/page=1|\/orders$/)
  await expect(viewLink(page, orders[27]!.orderNumber)).toBeVisible()
  if (jsEnabled) await expect(heading).toBeFocused()

  // A change on page 1: back there, the changed row in view (and its View link focused).
  const newest = orders[27]!
  await viewLink(page, newest.orderNumber).click()
  await ready(page, jsEnabled)
  await page.getByRole('link', { name: 'Change Status' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change Status' })
  await dialog.getByLabel('Status').selectOption({ label: 'Cancelled' })
  await dialog.getByRole('button', { name: 'Save' }).click()
  const row = page.locator(`#order-${newest.id}`)
  await expect(row).toContainText('Cancelled')
  await expect(row).toBeInViewport()
  if (jsEnabled) await expect(viewLink(page, newest.orderNumber)).toBeFocused()

  // A change on page 2 moves the order to the top of page 1: back on page 2, the toast says it.
  await page.goto('/orders?page=2')
  await ready(page, jsEnabled)
  await viewLink(page, orders[0]!.orderNumber).click()
  await ready(page, jsEnabled)
  await page.getByRole('link', { name: 'Change Status' }).click()
  await dialog.getByLabel('Status').selectOption({ label: 'Cancelled' })
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/page=2#order-\d+$/)
  const told = await expectToast(page, 'Status updated successfully.', 'success')
  await expect(told).toBeInViewport()
  if (jsEnabled) await expect(told.getByText('Status updated successfully.')).toBeFocused()
})

test('a failed sign-in says why in the form, as well as in the toast', async ({
  page,
  jsEnabled,
}) => {
  await page.goto('/login')
  await ready(page, jsEnabled)
  await page.getByLabel('Email').fill(DEMO.pm)
  await page.getByLabel('Password').fill('wrong-password')
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  const message = 'Incorrect username or password. Please try again.'
  await expectToast(page, message, 'error')
  const form = page.locator('form[action="/login"]')
  await expect(form.getByText(message, { exact: true })).toBeVisible()
})

test('a toast pauses while hovered or focused; F6 reaches it and back, Escape closes it', async ({
  page,
  jsEnabled,
}) => {
  await page.context().clearCookies()
  await signInWith(page.request, DEMO.pm, PASSWORD)
  await page.goto('/dashboard')
  await ready(page, jsEnabled)
  await page.getByRole('button', { name: 'Log Out' }).click()
  const toast = await expectToast(page, 'Logout successfully!', 'info')
  const paused = () =>
    toast.evaluate((t) => getComputedStyle(t).animationPlayState.split(', ').includes('paused'))
  await toast.hover()
  expect(await paused()).toBe(true)
  await page.mouse.move(0, 0)
  expect(await paused()).toBe(false)
  test.skip(!jsEnabled, 'Keys need JavaScript; without it the toast fades by itself.')

  const email = page.getByLabel('Email')
  await email.focus()
  await page.keyboard.press('F6')
  await expect(toast.getByText('Logout successfully!')).toBeFocused()
  expect(await paused()).toBe(true)
  await page.keyboard.press('F6')
  await expect(email).toBeFocused()
  await page.keyboard.press('F6')
  await page.keyboard.press('Escape')
  await expect(toast).toHaveCount(0)
  await expect(email).toBeFocused()
})

test('COPY and CSV export what the form shows, before Search is pressed', async ({
  page,
  jsEnabled,
  openFreshReport,
}) => {
  const report = await openFreshReport(`/orderReport?from=${daysAgo(60)}`)
  await expect(page.getByText('3 orders match.')).toBeVisible()
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Ordered' })
  await page.getByLabel('From Date').fill(daysAgo(10))

  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'CSV', exact: true }).click()
  const csv = await (await fs.readFile(await (await downloading).path())).toString('utf8')
  expect(csv).toContain(report.orderedToday)
  expect(csv).not.toContain(report.reviewedToday)
  expect(csv).not.toContain(report.orderedBefore)
  expect(csv.trim().split('\n')).toHaveLength(2)
  if (jsEnabled) await expect(page.getByText(/^orders-.*\.csv is ready\.$/)).toBeVisible()

  await pressCopy(page, jsEnabled)
  if (jsEnabled) {
    await expect(page.getByText('Copied 1 row to the clipboard.')).toBeVisible()
  } else {
    await expect(page).toHaveURL(/\/orderReport\/export\.txt\?status=ordered&/)
    await expect(page.locator('body')).toContainText(report.orderedToday)
    await expect(page.locator('body')).not.toContainText(report.reviewedToday)
  }
})

test("choices made before the page's code has arrived are kept when it does", async ({
  page,
  jsEnabled,
  insertNewUser,
  insertNewProduct,
}) => {
  test.skip(!jsEnabled, 'without JavaScript no code arrives')
  const report = await reportOfFreshPmm({ insertNewUser, insertNewProduct })
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    await released
    await route.continue()
  })
  await page.context().clearCookies()
  await signInWith(page.request, report.pmm.email, PASSWORD)
  // The page is shown while its code is held (a slow link): the user picks filters meanwhile.
  await page.goto(`/orderReport?from=${daysAgo(60)}`, { waitUntil: 'commit' })
  await expect(page.getByText('3 orders match.')).toBeVisible()
  const status = page.getByLabel('Status', { exact: true })
  const from = page.getByLabel('From Date')
  await status.selectOption({ label: 'Ordered' })
  await from.fill(daysAgo(10))

  release()
  await ready(page, true)
  await expect(status).toHaveValue('ordered')
  await expect(from).toHaveValue(daysAgo(10))
  // The count shown is the page's, not the form's: the page says so, as after any change.
  const changed = page.getByText(
    'The filters were changed: the files hold what the form shows. Press Search to see how many orders match.',
  )
  await expect(changed).toBeVisible()
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByText('1 order matches.')).toBeVisible()
  await expect(changed).toHaveCount(0)
  await expect(page.getByRole('link', { name: `View order ${report.orderedToday}` })).toBeVisible()
})

test('with no order matching, the export buttons are disabled and say why', async ({
  page,
  jsEnabled,
  openFreshReport,
}) => {
  await openFreshReport('/orderReport?status=pending')
  await expect(page.getByText('0 orders match.')).toBeVisible()
  const reason =
    'No orders match these filters, so there is nothing to export. Change the filters and press Search.'
  await expect(page.getByText(reason)).toBeVisible()
  for (const label of ['COPY', 'EXCEL', 'CSV', 'PDF']) {
    const button = page.getByRole('button', { name: label, exact: true })
    await expect(button).toBeDisabled()
    await expect(button).toHaveAccessibleDescription(reason)
  }
  // With JavaScript a changed filter may match orders: the buttons are offered again.
  if (jsEnabled) {
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Ordered' })
    await expect(page.getByRole('button', { name: 'CSV', exact: true })).toBeEnabled()
  }
})

test('a second press while a file is prepared starts nothing; the page says it is being prepared', async ({
  page,
  jsEnabled,
  openFreshReport,
}) => {
  test.skip(
    !jsEnabled,
    'Without JavaScript the browser shows the download; a second press replaces the first.',
  )
  await openFreshReport('/orderReport')
  let asked = 0
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/orderReport/export.pdf?*', async (route) => {
    asked += 1
    await held
    await route.continue()
  })
  const pdf = page.getByRole('button', { name: 'PDF', exact: true })
  const downloading = page.waitForEvent('download')
  await pdf.click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Preparing the PDF file…' }),
  ).toBeVisible()
  await pdf.click()
  release()
  expect((await downloading).suggestedFilename()).toMatch(/^orders-.*\.pdf$/)
  await expect(page.getByText(/\.pdf is ready\.$/)).toBeVisible()
  expect(asked).toBe(1)
})

import fs from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import { expect, ready, sidebar, test, uniqueWord, type Page } from './utils'

/**
 * Issue 22, items 3 to 5: lists sort by their column headers (links, in the URL, aria-sort),
 * export what their filters and sort select, and remember where the user left them; with
 * JavaScript on and off.
 */

const table = (page: Page, caption: string) => page.getByRole('table', { name: caption })

/** The texts of one column of a table's rows. */
async function column(page: Page, caption: string, header: string) {
  const headers = await table(page, caption).getByRole('columnheader').allTextContents()
  const at = headers.findIndex((h) => h.startsWith(header))
  const rows = table(page, caption).locator('tbody tr')
  return rows.evaluateAll((trs, i) => trs.map((tr) => tr.children[i]?.textContent ?? ''), at)
}

test('a product list sorts by Sale Limit from its header, both ways, by keyboard', async ({
  page,
  jsEnabled,
  openAsNewUser,
  insertNewProduct,
}) => {
  const pmm = await openAsNewUser({ role: 'pmm', prefix: 'sort' }, '/login')
  for (const limit of [30, 10, 20]) await insertNewProduct({ ownerId: pmm.id, limit })
  await page.goto('/activeProducts?page=1')
  await ready(page, jsEnabled)
  const header = table(page, 'Products').getByRole('columnheader', { name: /Sale Limit/ })
  await expect(header).not.toHaveAttribute('aria-sort')
  const link = header.getByRole('link', { name: /Sale Limit/ })
  await link.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/activeProducts\?sort=limit&dir=asc$/)
  await expect(header).toHaveAttribute('aria-sort', 'ascending')
  await expect.poll(() => column(page, 'Products', 'Sale Limit')).toEqual(['10', '20', '30'])

  await header.getByRole('link', { name: /Sale Limit/ }).click()
  await expect(page).toHaveURL(/\/activeProducts\?sort=limit&dir=desc$/)
  await expect(header).toHaveAttribute('aria-sort', 'descending')
  await expect.poll(() => column(page, 'Products', 'Sale Limit')).toEqual(['30', '20', '10'])

  if (jsEnabled) {
    // Axe on the sorted headers (links inside the th, aria-sort on it).
    const { violations } = await new AxeBuilder({ page })
      .include('table')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  }
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 800 } })

  test('a "Sort by" form sorts the cards (the hidden header links take no focus)', async ({
    page,
    jsEnabled,
    openAsNewUser,
    insertNewProduct,
  }) => {
    const pmm = await openAsNewUser({ role: 'pmm', prefix: 'sort-phone' }, '/login')
    for (const limit of [30, 10, 20]) await insertNewProduct({ ownerId: pmm.id, limit })
    await page.goto('/activeProducts?page=1')
    await ready(page, jsEnabled)
    await expect(
      table(page, 'Products').getByRole('link', { name: /Sale Limit/, includeHidden: true }),
    ).toBeHidden()
    const sortBy = page.getByLabel('Sort by')
    await expect(sortBy).toBeVisible()
    await sortBy.selectOption({ label: 'Sale Limit' })
    await page.getByLabel('Direction').selectOption({ label: 'Ascending' })
    await page.getByRole('button', { name: 'Sort', exact: true }).click()
    await expect(page).toHaveURL(/\/activeProducts\?sort=limit&dir=asc$/)
    await expect.poll(() => column(page, 'Products', 'Sale Limit')).toEqual(['10', '20', '30'])
    // The form shows the sort the list is in.
    await expect(page.getByLabel('Sort by')).toHaveValue('limit')
    await expect(page.getByLabel('Direction')).toHaveValue('asc')

    await page.getByLabel('Direction').selectOption({ label: 'Descending' })
    await page.getByRole('button', { name: 'Sort', exact: true }).click()
    await expect(page).toHaveURL(/\/activeProducts\?sort=limit&dir=desc$/)
    await expect.poll(() => column(page, 'Products', 'Sale Limit')).toEqual(['30', '20', '10'])
  })
})

test('an unknown sort or direction shows the default sort on its header, as the server applies it', async ({
  page,
  jsEnabled,
  openAsNewUser,
}) => {
  await openAsNewUser({ role: 'admin', prefix: 'sort-bogus' }, '/all/order?sort=bogus&dir=sideways')
  const orders = table(page, 'Orders')
  const updated = orders.getByRole('columnheader', { name: /Update Date/ })
  await expect(updated).toHaveAttribute('aria-sort', 'descending')
  await expect(orders.locator('th[aria-sort]')).toHaveCount(1)
  // A known column with an unknown direction: that column, ascending (the server's default).
  await page.goto('/all/order?sort=commission&dir=sideways')
  await ready(page, jsEnabled)
  const commission = table(page, 'Orders').getByRole('columnheader', { name: /Commission/ })
  await expect(commission).toHaveAttribute('aria-sort', 'ascending')
  await expect(table(page, 'Orders').locator('th[aria-sort]')).toHaveCount(1)
})

test('a list remembers its filters, sort and page for the user; Clear filters forgets them', async ({
  page,
  jsEnabled,
  openAsNewUser,
  insertNewProduct,
}) => {
  const pmm = await openAsNewUser({ role: 'pmm', prefix: 'place' }, '/login')
  const word = uniqueWord('place')
  for (const limit of [5, 7]) await insertNewProduct({ ownerId: pmm.id, limit, keywords: word })
  await page.goto(`/activeProducts?tab=products&searchByKey=${word}&sort=limit&dir=desc`)
  await ready(page, jsEnabled)
  await expect.poll(() => column(page, 'Products', 'Sale Limit')).toEqual(['7', '5'])

  // Elsewhere, then back from the sidebar: the same filters and sort.
  await sidebar(page).getByRole('link', { name: 'Orders' }).click()
  await expect(page).toHaveURL(/\/orders/)
  await sidebar(page).getByRole('link', { name: 'Active Products' }).click()
  await expect(page).toHaveURL(new RegExp(`searchByKey=${word}&sort=limit&dir=desc$`))
  await expect(page.getByLabel('Search by keyword')).toHaveValue(word)
  await expect.poll(() => column(page, 'Products', 'Sale Limit')).toEqual(['7', '5'])

  // Kept on the server, so a new browser of the same user finds it too.
  const fresh = await page
    .context()
    .browser()!
    .newContext({
      javaScriptEnabled: jsEnabled,
      storageState: await page.context().storageState(),
      baseURL: new URL(page.url()).origin,
    })
  const other = await fresh.newPage()
  await other.goto('/activeProducts')
  await expect(other).toHaveURL(new RegExp(`searchByKey=${word}&sort=limit&dir=desc$`))
  await fresh.close()

  await page.getByRole('link', { name: 'Clear filters' }).click()
  await expect(page).toHaveURL(/\/activeProducts\?tab=products$/)
  await expect(page.getByLabel('Search by keyword')).toHaveValue('')
  await sidebar(page).getByRole('link', { name: 'Orders' }).click()
  await sidebar(page).getByRole('link', { name: 'Active Products' }).click()
  await expect(page).toHaveURL(/\/activeProducts$/)
  await expect(page.getByRole('link', { name: 'Clear filters' })).toHaveCount(0)
})

test('a brought-back place says what it shows, first; a search term from an earlier day has expired', async ({
  page,
  jsEnabled,
  openAsNewUser,
}) => {
  const pmm = await openAsNewUser(
    { role: 'pmm', prefix: 'showing' },
    '/orders?status=cancelled&orderNumber=123',
  )
  const showing = page.locator('main p').filter({ hasText: /^Showing:/ })
  await expect(showing).toHaveText('Showing: Status Cancelled, Order number 123 — Clear')

  // From the sidebar the next time: the same place, and the line that says so.
  await sidebar(page).getByRole('link', { name: 'Dashboard' }).click()
  await sidebar(page).getByRole('link', { name: 'Orders' }).click()
  await expect(page).toHaveURL(/\/orders\?status=cancelled&orderNumber=123$/)
  await ready(page, jsEnabled)
  await expect(showing).toHaveText('Showing: Status Cancelled, Order number 123 — Clear')

  // The next day: the order number has expired, the status filter stays.
  const { db } = await import('../db/client')
  const { listPlaces } = await import('../db/schema')
  const { eq } = await import('drizzle-orm')
  db.update(listPlaces)
    .set({ updatedAt: new Date(Date.now() - 2 * 86_400_000) })
    .where(eq(listPlaces.userId, pmm.id))
    .run()
  await sidebar(page).getByRole('link', { name: 'Dashboard' }).click()
  await sidebar(page).getByRole('link', { name: 'Orders' }).click()
  await expect(page).toHaveURL(/\/orders\?status=cancelled$/)
  await ready(page, jsEnabled)
  await expect(showing).toHaveText('Showing: Status Cancelled — Clear')
  await expect(page.getByLabel('Search by order Number')).toHaveValue('')

  // Clear: the plain list, and no line.
  await showing.getByRole('link', { name: 'Clear filters' }).click()
  await expect(page).toHaveURL(/\/orders$/)
  await expect(showing).toHaveCount(0)
})

for (const list of [
  {
    role: 'pm',
    name: 'Reservations',
    path: '/reservations',
    param: 'searchByID',
    value: '424242',
    field: 'Search By Product ID',
  },
  {
    role: 'pm',
    name: 'Buyer Link',
    path: '/buyerLink',
    param: 'searchByKey',
    value: 'word',
    field: 'Search by keyword',
  },
  {
    role: 'pmm',
    name: 'Scammer PayPal',
    path: '/scammerPaypal',
    param: 'q',
    value: 'word',
    field: 'Search by email or reason',
  },
] as const) {
  test(`${list.name} remembers its search for the user`, async ({
    page,
    jsEnabled,
    openAsNewUser,
  }) => {
    const value = list.value === 'word' ? uniqueWord('place') : list.value
    await openAsNewUser({ role: list.role, prefix: 'place' }, `${list.path}?${list.param}=${value}`)
    await sidebar(page).getByRole('link', { name: 'Dashboard' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await sidebar(page).getByRole('link', { name: list.name }).click()
    await expect(page).toHaveURL(`${list.path}?${list.param}=${value}`)
    await ready(page, jsEnabled)
    await expect(page.getByLabel(list.field)).toHaveValue(value)
  })
}

test("Export (CSV) downloads the list's filtered, sorted rows, all pages", async ({
  page,
  jsEnabled,
  openAsNewUser,
  insertNewUser,
}) => {
  const tag = uniqueWord('Xp')
  const made = []
  for (const prefix of ['b', 'c', 'a']) made.push(await insertNewUser({ role: 'pmm', prefix }))
  await openAsNewUser({ role: 'admin', prefix: 'export' }, '/all/pmm?page=1')
  // The inserted managers' names carry no tag: filter on each one's own id range instead, by name.
  const names = made.map((u) => u.name)
  await page.goto(`/all/pmm?name=${encodeURIComponent(tag)}`)
  await ready(page, jsEnabled)
  // No manager named with the tag: nothing to export, and the page says so.
  await expect(page.getByRole('button', { name: 'Export (CSV)' })).toBeDisabled()
  await expect(
    page.getByText('No rows match these filters, so there is nothing to export.', { exact: false }),
  ).toBeVisible()

  await page.goto('/all/pmm?sort=name&dir=desc')
  await ready(page, jsEnabled)
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export (CSV)' }).click()
  const file = await downloading
  expect(file.suggestedFilename()).toMatch(/^all-pmm-\d{4}-\d{2}-\d{2}\.csv$/)
  const lines = (await fs.readFile(await file.path())).toString('utf8').split('\r\n')
  const listed = lines.slice(1, -1).map((l) => l.split(',')[1]!.replace(/^"|"$/g, ''))
  // Every manager (all pages), by name, Z to A: the three inserted ones among them, in order.
  expect(listed).toEqual([...listed].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)))
  const mine = listed.filter((n) => names.includes(n))
  expect(mine).toEqual([...names].sort().reverse())
})

import {
  clientAddressFor,
  createAccount,
  expect,
  expectToast,
  isoDate,
  ready,
  redirectChain,
  rowOf,
  rowRecord,
  signIn,
  table,
  test,
  type Page,
} from './utils'

const NOT_FOUND = 'This is the 404 page!!'
const EMPTY = 'No data in the table'

/** A user list's row by the user's name (names are unique per test). */
const userRow = (page: Page, caption: string, name: string) =>
  table(page, caption)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) })

async function openList(page: Page, jsEnabled: boolean, path: string) {
  // As it first opens: the demo admin's lists remember where other tests left them.
  await page.goto(`${path}?clear=1`)
  await ready(page, jsEnabled)
}

/** The page is `path` with these query parameters (empty ones are ignored). */
async function expectQuery(page: Page, path: string, query: Record<string, string>) {
  await expect
    .poll(() => {
      const url = new URL(page.url())
      const params = [...url.searchParams].filter(([, v]) => v !== '')
      return { path: url.pathname, query: Object.fromEntries(params) }
    })
    .toEqual({ path, query })
}

/** Searches a user list by name with its GET form: the filter lands in the URL. */
async function searchByName(page: Page, path: string, name: string) {
  await page.getByLabel('Search by name').fill(name)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expectQuery(page, path, { name })
}

test('the admin disables a pm (signed out at once), then enables them again', async ({
  page,
  browser,
  jsEnabled,
  signInAs,
  baseURL,
}) => {
  const pm = await createAccount('pm', 'e2e-admin-pm')
  // The pm works in a browser of their own.
  const theirs = await browser.newContext({
    baseURL,
    javaScriptEnabled: jsEnabled,
    extraHTTPHeaders: { 'X-Forwarded-For': clientAddressFor(`${test.info().testId}-pm`) },
  })
  const pmPage = await theirs.newPage()
  await signIn(pmPage, pm.email, jsEnabled, pm.password)
  await expect(pmPage).toHaveURL(/\/dashboard$/)

  await signInAs('admin')
  await openList(page, jsEnabled, '/all/pm')
  await expect(page.getByRole('heading', { level: 1, name: 'All PM' })).toBeAttached()
  await searchByName(page, '/all/pm', pm.name)
  const list = table(page, 'All PM')
  await expect(list.getByRole('columnheader')).toHaveText([
    // Issue 30: the checkbox of the bulk Enable / Disable.
    'Select',
    'ID',
    'Name',
    'Email',
    'Phone',
    'City',
    'Country',
    'Created',
    'State',
    'Action',
  ])
  const row = userRow(page, 'All PM', pm.name)
  expect(await rowRecord(list, row)).toMatchObject({
    Name: pm.name,
    Email: pm.email,
    Phone: pm.phone,
    City: pm.city,
    Country: pm.country,
    Created: isoDate(),
    State: 'Enabled',
  })
  await expect(row.getByRole('button', { name: `Enable ${pm.name}` })).toBeDisabled()

  // Disable asks first.
  await row.getByRole('link', { name: `Disable ${pm.name}` }).click()
  const dialog = page.getByRole('dialog', { name: `Disable ${pm.name}?` })
  await expect(dialog).toBeVisible()
  if (jsEnabled) await expect.poll(() => dialog.evaluate((d) => d.matches(':modal'))).toBe(true)
  else expect(new URL(page.url()).searchParams.get('disable')).toMatch(/^\d+$/)
  await dialog.getByRole('button', { name: 'Disable' }).click()
  await expectToast(page, 'User disabled successfully.', 'success')
  await expectQuery(page, '/all/pm', { name: pm.name })
  await expect(dialog).toHaveCount(0)
  await expect(row.getByRole('cell', { name: 'Disabled', exact: true })).toBeVisible()
  await expect(row.getByRole('button', { name: `Disable ${pm.name}` })).toBeDisabled()

  // The pm's next request finds them signed out, and they cannot sign in.
  await pmPage.goto('/dashboard')
  await expect(pmPage).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/)
  await signIn(pmPage, pm.email, jsEnabled, pm.password)
  await expectToast(pmPage, 'Your account is disabled.', 'error')

  await row.getByRole('button', { name: `Enable ${pm.name}` }).click()
  await expectToast(page, 'User enabled successfully.', 'success')
  await expect(row.getByRole('cell', { name: 'Enabled', exact: true })).toBeVisible()
  await signIn(pmPage, pm.email, jsEnabled, pm.password)
  await expect(pmPage).toHaveURL(/\/dashboard$/)
  await theirs.close()
})

test('the admin deletes a pmm after confirming; the user shows as deleted', async ({
  page,
  jsEnabled,
  signInAs,
}) => {
  const pmm = await createAccount('pmm', 'e2e-admin-pmm')
  await signInAs('admin')
  await openList(page, jsEnabled, '/all/pmm')
  await searchByName(page, '/all/pmm', pmm.name)
  const row = userRow(page, 'All PMM', pmm.name)
  const deleteLink = row.getByRole('link', { name: `Delete ${pmm.name}` })
  const dialog = page.getByRole('dialog', { name: `Delete ${pmm.name}?` })

  // Cancel keeps the user.
  await deleteLink.click()
  await expect(dialog).toBeVisible()
  await dialog.getByRole('link', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(row).toBeVisible()

  await deleteLink.click()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expectToast(page, 'PMM deleted successfully', 'success')
  await expect(table(page, 'All PMM').getByRole('cell', { name: EMPTY })).toBeVisible()

  // The all-users list still has them, deleted, with the day and no actions.
  await openList(page, jsEnabled, '/all/user/deleted')
  await page.getByLabel('Search by name').fill(pmm.name)
  await page.getByLabel('State').selectOption({ label: 'Deleted' })
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expectQuery(page, '/all/user/deleted', { name: pmm.name, state: 'deleted' })
  const all = table(page, 'All users')
  const gone = userRow(page, 'All users', pmm.name)
  expect(await rowRecord(all, gone)).toMatchObject({
    Role: 'PMM',
    State: 'Deleted',
    Action: `Deleted on ${isoDate()}`,
  })
  await expect(gone.getByRole('button')).toHaveCount(0)
  await expect(gone.getByRole('link')).toHaveCount(0)
})

test('the admin disables and enables a product from /all/product', async ({
  page,
  jsEnabled,
  signInAs,
  insertProductOfNewPmm,
}) => {
  const { pmm: owner, product } = await insertProductOfNewPmm({ prefix: 'e2e-admin-owner' })
  await signInAs('admin')
  await openList(page, jsEnabled, '/all/product')
  await page.getByLabel('Search by Product ID').fill(String(product.pId))
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expectQuery(page, '/all/product', { productId: String(product.pId) })
  const list = table(page, 'All products')
  await expect(list.getByRole('row')).toHaveCount(2)
  const row = rowOf(list, product.pId)
  expect(await rowRecord(list, row)).toMatchObject({
    'Seller Name': owner.name,
    'Product ID': String(product.pId),
    Status: 'Published',
  })
  const enable = row.getByRole('button', { name: `Enable product ${product.pId}` })
  const disable = row.getByRole('button', { name: `Disable product ${product.pId}` })
  await expect(enable).toBeDisabled()
  await disable.click()
  await expectToast(page, 'Product Disable successfully.', 'success')
  await expectQuery(page, '/all/product', { productId: String(product.pId) })
  await expect(row.getByRole('cell', { name: 'Disabled', exact: true })).toBeVisible()
  await expect(disable).toBeDisabled()
  await enable.click()
  await expectToast(page, 'Product enable successfully.', 'success')
  await expect(row.getByRole('cell', { name: 'Published', exact: true })).toBeVisible()
  await expect(enable).toBeDisabled()
})

test('each card of the admin dashboard leads to its list', async ({
  page,
  jsEnabled,
  signInAs,
}) => {
  await signInAs('admin')
  const cards: Array<[string, string, string]> = [
    ['All PMM', '/all/pmm', 'All PMM'],
    ['All PM', '/all/pm', 'All PM'],
    ['Deleted User', '/all/user/deleted', 'All users'],
    ['Total Products', '/all/product', 'All products'],
    ['Enable Products', '/all/product?status=published', 'All products'],
    ['Disable Product', '/all/product?status=disabled', 'All products'],
    ['Total Orders', '/all/order', 'Orders'],
    ['Cancelled Orders', '/all/order?status=cancelled', 'Orders'],
    ['Completed Orders', '/order/completed', 'Orders'],
    ['Markets', '/all/markets', 'Markets'],
  ]
  for (const [label, href, caption] of cards) {
    await page.goto('/admin/dashboard')
    await ready(page, jsEnabled)
    const card = page.getByRole('main').getByRole('link', { name: new RegExp(`^${label}: `) })
    // The card's view of the list: its filter, not where this admin last left the list.
    const link = `${href}${href.includes('?') ? '&' : '?'}card=1`
    await expect(card).toHaveAttribute('href', link)
    await card.click()
    await expect(page).toHaveURL(link)
    await expect(page.getByText(NOT_FOUND)).toHaveCount(0)
    await expect(table(page, caption)).toBeVisible()
  }
  // The Cancelled Orders card's list is filtered by its status.
  await page.goto('/all/order?status=cancelled')
  await expect(page.getByLabel('Status')).toHaveValue('cancelled')
  await page.goto('/all/product?status=disabled')
  // The Disable Product card's list holds disabled products only.
  const statuses = await table(page, 'All products')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .evaluateAll((rows) => rows.map((r) => r.children[r.children.length - 2]?.textContent))
  expect(statuses.every((s) => s === 'Disabled' || s === EMPTY)).toBe(true)
  await expect(page.getByLabel('Status')).toHaveValue('disabled')
})

for (const role of ['pm', 'pmm'] as const) {
  test(`a ${role} opening an admin list is sent to /login (and on to their dashboard)`, async ({
    page,
    signInAs,
  }) => {
    await signInAs(role)
    for (const path of ['/all/pmm', '/all/pm', '/all/user/deleted', '/all/product']) {
      const res = await page.goto(path)
      expect(redirectChain(res)).toEqual([path, '/login', '/dashboard'])
    }
  })
}

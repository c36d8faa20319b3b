import {
  apiSignIn,
  bearer,
  DEMO,
  expect,
  expectFieldError,
  expectFieldErrors,
  expectLoaded,
  expectTabs,
  expectToast,
  FIXTURES,
  MARKETS,
  PASSWORD,
  ready,
  rowRecord,
  signInWith,
  table,
  test,
  type Page,
} from './utils'

const COLUMNS = [
  '#',
  'User',
  'Order Number',
  'Seller ID',
  'Product ID',
  'Customer Email',
  'Market',
  'Commission',
  'Update Date',
  'Status',
  'Image',
  'View',
]
const NOT_FOUND = 'This is the 404 page!!'
const SCAMMER_BLOCKED = 'This customer email is on the scammer list.'

let n = 0
const orderNumber = () => `E2E-${Date.now().toString(36)}-${process.pid}-${++n}`

async function signInAs(page: Page, user: { email: string; password: string }, jsEnabled: boolean) {
  await page.context().clearCookies()
  await signInWith(page.request, user.email, user.password)
  await page.goto('/dashboard')
  await ready(page, jsEnabled)
}

/** Fills the Add tab (opened from CREATE ORDER, so the product ID is already there). */
async function fillOrder(page: Page, number: string, email: string) {
  await page.getByLabel('Order Number').fill(number)
  await page.getByLabel('Market').selectOption({ label: `${MARKETS.DE} (DE)` })
  await page.getByLabel('Customer Email').fill(email)
  await page.getByLabel('Order Picture').setInputFiles(FIXTURES.product)
  await page.getByLabel('Buyer Contact').fill('wa +92 300 1234567')
  await page.getByLabel('Remark').fill('Left a five star review')
}

/** Opens the order's detail through the ORDERS list searched by its number. */
async function openFromList(page: Page, number: string, jsEnabled: boolean) {
  await page.goto('/orders')
  await ready(page, jsEnabled)
  await page.getByLabel('Search by order Number').fill(number)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(new RegExp(`orderNumber=${number}`))
  const orders = table(page, 'Orders')
  await expect(orders.getByRole('row').nth(1)).toContainText(number)
  await expect(orders.getByRole('row')).toHaveCount(2)
  await orders.getByRole('link', { name: `View order ${number}` }).click()
  await expect(page).toHaveURL(/\/orders\/view\/\d+\?back=/)
  await ready(page, jsEnabled)
  return orders
}

async function changeStatus(page: Page, status: string, jsEnabled: boolean) {
  await page.getByRole('link', { name: 'Change Status' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change Status' })
  await expect(dialog).toBeVisible()
  if (jsEnabled) await expect.poll(() => dialog.evaluate((d) => d.matches(':modal'))).toBe(true)
  await dialog.getByLabel('Status').selectOption({ label: status })
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expectToast(page, 'Status updated successfully.', 'success')
  await expect(page).toHaveURL(/\/orders\?[^#]*orderNumber=[^#]+#order-\d+$/)
}

async function uploadPicture(page: Page, kind: 'order' | 'refund' | 'review') {
  await page.getByLabel(`Upload ${kind} picture`).setInputFiles(FIXTURES.marketplace)
  await page
    .getByRole('region', { name: `${kind[0]!.toUpperCase()}${kind.slice(1)} Picture` })
    .getByRole('button', { name: 'Upload', exact: true })
    .click()
  await expectToast(page, `Picture updated successfully for ${kind}`, 'success')
  await expect(page).toHaveURL(/\/orders\?[^#]*orderNumber=[^#]+#order-\d+$/)
}

test('an order from reservation to commission: pm, pmm and admin', async ({
  page,
  jsEnabled,
  insertNewUser,
  reserveFreshProduct,
}) => {
  const { pmm, pm, product } = await reserveFreshProduct('ord')
  const number = orderNumber()
  const email = `buyer-${number.toLowerCase()}@example.test`

  // The pm starts from the reservation's CREATE ORDER: the Add tab with the product ID filled in.
  await signInAs(page, pm, jsEnabled)
  await page.goto('/reservations')
  await ready(page, jsEnabled)
  await page.getByRole('link', { name: `Create order for product ${product.pId}` }).click()
  await expect(page).toHaveURL(`/orders?tab=add&pId=${product.pId}`)
  await ready(page, jsEnabled)
  await expectTabs(page, ['Add', 'ORDERS'], 'Add')
  await expect(page.getByLabel('Product ID')).toHaveValue(String(product.pId))
  await fillOrder(page, number, email)
  await page.getByRole('button', { name: 'Create Order' }).click()
  await expectToast(page, 'Order created successfully.', 'success')
  await expect(page).toHaveURL(/\/orders#order-\d+$/)
  await expectTabs(page, ['Add', 'ORDERS'], 'ORDERS')

  // Found by its number, with the spec's columns and the product's commission.
  const orders = table(page, 'Orders')
  await expect(orders.getByRole('columnheader')).toHaveText(COLUMNS)
  await page.getByLabel('Search by order Number').fill(number)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(new RegExp(`orderNumber=${number}`))
  const row = orders.getByRole('row').nth(1)
  await expect(row).toContainText(number)
  await expect(orders.getByRole('row')).toHaveCount(2)
  expect(await rowRecord(orders, row)).toMatchObject({
    '#': '1',
    User: pm.name,
    'Order Number': number,
    'Seller ID': String(pm.id),
    'Product ID': String(product.pId),
    'Customer Email': email,
    Market: 'DE',
    Commission: '12.50',
    'Update Date': new Date().toISOString().slice(0, 10),
    Status: 'Ordered',
    View: 'View',
  })
  await expectLoaded(row.locator('img'))

  // The detail: pictures, facts, history; the pm sets Reviewed and uploads the review picture.
  await openFromList(page, number, jsEnabled)
  await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible()
  await expectLoaded(page.getByRole('img', { name: `Order Picture of order ${number}` }))
  await expect(page.getByLabel('Upload refund picture')).toBeDisabled()
  await expect(page.getByRole('heading', { name: 'Status history' })).toBeVisible()
  await changeStatus(page, 'Reviewed', jsEnabled)
  await openFromList(page, number, jsEnabled)
  await uploadPicture(page, 'review')

  // The pmm who owns the product sets Commission and uploads the refund picture.
  await signInAs(page, pmm, jsEnabled)
  await openFromList(page, number, jsEnabled)
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0)
  await expect(page.getByLabel('Upload review picture')).toBeDisabled()
  await uploadPicture(page, 'refund')
  await openFromList(page, number, jsEnabled)
  await changeStatus(page, 'Commission', jsEnabled)
  await openFromList(page, number, jsEnabled)
  const history = page.getByRole('table', { name: 'Status history' }).getByRole('row')
  await expect(history).toHaveCount(4)
  await expect(history.nth(1)).toContainText(`${pmm.name}ReviewedCommission`)
  await expect(history.nth(2)).toContainText(`${pm.name}OrderedReviewed`)
  await expect(history.nth(3)).toContainText(`${pm.name}CreatedOrdered`)
  const detailUrl = page.url()

  // The admin finds it among the completed orders of the API. An admin of this test's own: the
  // demo admin's lists remember the places other tests leave them at (a status filter).
  const admin = await insertNewUser({ role: 'admin', prefix: 'ord-admin' })
  const login = await page.request.post('/api/v1/user/login', {
    data: { email: admin.email, password: PASSWORD },
  })
  const { token } = (await login.json()) as { token: string }
  const complete = await page.request.get('/api/v1/order/complete', { headers: bearer(token) })
  expect(complete.status()).toBe(200)
  const body = (await complete.json()) as { data: { data: Array<{ orderNumber: string }> } }
  const ours = body.data.data.find((o) => o.orderNumber === number)
  expect(ours).toMatchObject({ status: { _id: 'commission', name: 'Commission' }, paypal: email })

  // The admin finds it in All Orders (with its manager) and in Completed Orders.
  await signInAs(page, { email: admin.email, password: PASSWORD }, jsEnabled)
  for (const list of ['/all/order', '/order/completed']) {
    await page.goto(list)
    await ready(page, jsEnabled)
    await page.getByLabel('Search by order Number').fill(number)
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(new RegExp(`orderNumber=${number}`))
    const adminTable = table(page, 'Orders')
    const adminRow = adminTable.getByRole('row').nth(1)
    await expect(adminRow).toContainText(number)
    expect(await rowRecord(adminTable, adminRow)).toMatchObject({
      User: pm.name,
      Manager: pmm.name,
      Status: 'Commission',
    })
  }
  await page.goto('/order/completed?orderNumber=no-such-order')
  await expect(table(page, 'Orders').getByRole('cell')).toHaveText('No data in the table')

  // Another pm gets the 404 page.
  const stranger = await insertNewUser({ role: 'pm', prefix: 'ord-stranger' })
  await signInAs(page, stranger, jsEnabled)
  const response = await page.goto(detailUrl)
  expect(response?.status()).toBe(404)
  await expect(page.getByText(NOT_FOUND)).toBeVisible()
})

test('a customer email on the Scammer PayPal list is refused, and nothing is lost', async ({
  page,
  jsEnabled,
  reserveFreshProduct,
}) => {
  const { pmm, pm, product } = await reserveFreshProduct('ord-scam')
  const email = `scam-${Date.now()}-${++n}@example.test`
  const added = await page.request.post('/api/v1/scammer/', {
    headers: bearer(await apiSignIn(page.request, pmm.email, pmm.password)),
    data: { email, reason: 'Chargeback after refund' },
  })
  expect(added.status()).toBe(201)
  await signInAs(page, pm, jsEnabled)
  await page.goto(`/orders?tab=add&pId=${product.pId}`)
  await ready(page, jsEnabled)
  const number = orderNumber()
  await fillOrder(page, number, email.toUpperCase())
  await page.getByRole('button', { name: 'Create Order' }).click()
  await expectFieldError(page.getByLabel('Customer Email'), SCAMMER_BLOCKED)
  await expect(page.getByLabel('Order Number')).toHaveValue(number)
  await expect(page.getByLabel('Product ID')).toHaveValue(String(product.pId))
  const list = await page.request.get(`/api/v1/order/?orderNumber=${number}`, {
    headers: bearer(pm.token),
  })
  expect(((await list.json()) as { data: { data: unknown[] } }).data.data).toHaveLength(0)
})

test('the new-order form says what is missing', async ({ page, jsEnabled, insertNewUser }) => {
  const pm = await insertNewUser({ role: 'pm', prefix: 'ord-empty' })
  await signInAs(page, pm, jsEnabled)
  await page.goto('/orders?tab=add')
  await ready(page, jsEnabled)
  await page.getByRole('button', { name: 'Create Order' }).click()
  await expectFieldErrors(page, {
    'Order Number': 'Order Number is required',
    Market: 'Market is required',
    'Product ID': 'Product ID is required',
    'Customer Email': 'Customer email is required',
    'Order Picture': 'Order Picture is required',
  })
})

/** A pm on the detail page of the first order of their list. */
async function openFirstOrderAsPm(page: Page, jsEnabled: boolean) {
  await signInAs(page, { email: DEMO.pm, password: PASSWORD }, jsEnabled)
  await page.goto('/orders')
  await ready(page, jsEnabled)
  await table(page, 'Orders')
    .getByRole('link', { name: /^View order / })
    .first()
    .click()
  await ready(page, jsEnabled)
}

test('Change Status is a modal: Tab stays inside, Escape closes it', async ({
  page,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, 'Without JavaScript the dialog is a panel reached by its URL.')
  await openFirstOrderAsPm(page, jsEnabled)
  const opener = page.getByRole('link', { name: 'Change Status' })
  await opener.click()
  const dialog = page.getByRole('dialog', { name: 'Change Status' })
  await expect.poll(() => dialog.evaluate((d) => d.matches(':modal'))).toBe(true)
  await expect(dialog.getByLabel('Status')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('link', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(dialog.getByLabel('Status')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(page).toHaveURL(/\/orders\/view\/\d+\?back=%2Forders$/)
  await expect(opener).toBeFocused()
})

test("the edit form's Cancel, outside a dialog, goes back to the order without edit mode", async ({
  page,
  jsEnabled,
}) => {
  await openFirstOrderAsPm(page, jsEnabled)
  await page.getByRole('link', { name: 'Edit' }).click()
  await expect(page).toHaveURL(/\/orders\/view\/\d+\?mode=edit&back=%2Forders#edit-order$/)
  const save = page.getByRole('button', { name: 'Save' })
  await expect(save).toBeVisible()
  await page.getByRole('link', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(/\/orders\/view\/\d+\?back=%2Forders$/)
  await expect(save).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Edit' })).toBeVisible()
})

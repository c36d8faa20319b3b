import {
  expect,
  expectFieldError,
  expectToast,
  FIXTURES,
  MARKETS,
  ready,
  signInWith,
  test,
  type Page,
} from './utils'

const HOUR = 60 * 60_000
const CREATED = 'Order created successfully.'
const tooLate = (pId: number) =>
  `Your reservation for product ${pId} expired more than 24 hours ago, so its order can no longer be recorded. Reserve the product again to record a new order.`

let n = 0
const orderNumber = () => `LATE-${Date.now().toString(36)}-${process.pid}-${++n}`

/** A reservation of `pId` by the pm, made `hoursAgo` hours ago (so expired an hour later). */
async function reservedAgo(user: { id: number }, pId: number, hoursAgo: number) {
  const { reserveProduct } = await import('../app/models/reservation.server')
  const r = reserveProduct({ id: user.id, role: 'pm' }, pId, new Date(Date.now() - hoursAgo * HOUR))
  expect(r.ok).toBe(true)
}

async function fillOrder(page: Page) {
  await page.getByLabel('Order Number').fill(orderNumber())
  await page.getByLabel('Market').selectOption({ label: `${MARKETS.DE} (DE)` })
  await page.getByLabel('Customer Email').fill(`late-buyer-${n}@example.test`)
  await page.getByLabel('Order Picture').setInputFiles(FIXTURES.product)
}

test('a pm records the order of a reservation that expired less than 24 hours ago, not of an older one', async ({
  page,
  jsEnabled,
  insertNewUser,
  insertNewProduct,
}) => {
  const pmm = await insertNewUser({ role: 'pmm', prefix: 'late-pmm' })
  const pm = await insertNewUser({ role: 'pm', prefix: 'late-pm' })
  const [late, old] = await Promise.all([
    insertNewProduct({ ownerId: pmm.id, market: 'DE' }),
    insertNewProduct({ ownerId: pmm.id, market: 'DE' }),
  ])
  await reservedAgo(pm, late.pId, 3)
  await reservedAgo(pm, old.pId, 26)
  await signInWith(page.request, pm.email, pm.password)
  await page.goto('/orders?tab=add')
  await ready(page, jsEnabled)

  // Only the reservation still in time is offered; its link fills in the product.
  const offered = page.getByRole('region', { name: 'Expired reservations you can still record' })
  await expect(offered.getByRole('listitem')).toHaveCount(1)
  await offered.getByRole('link', { name: `CREATE ORDER for product ${late.pId}` }).click()
  await expect(page).toHaveURL(new RegExp(`pId=${late.pId}`))
  await ready(page, jsEnabled)
  await expect(page.getByLabel('Product ID')).toHaveValue(String(late.pId))
  await fillOrder(page)
  await page.getByRole('button', { name: 'Create Order' }).click()
  await expectToast(page, CREATED, 'success')
  await expect(page).toHaveURL(/\/orders#order-\d+$/)

  // The older one is refused, and the form says why.
  await page.goto(`/orders?tab=add&pId=${old.pId}`)
  await ready(page, jsEnabled)
  await expect(
    page.getByRole('region', { name: 'Expired reservations you can still record' }),
  ).toHaveCount(0)
  await fillOrder(page)
  await page.getByRole('button', { name: 'Create Order' }).click()
  await expectFieldError(page.getByLabel('Product ID'), tooLate(old.pId))
})

test('a late order is found on the Reservations list and the dashboard, with its time left and CREATE ORDER', async ({
  page,
  jsEnabled,
  insertNewUser,
  insertNewProduct,
}) => {
  const pmm = await insertNewUser({ role: 'pmm', prefix: 'late-find-pmm' })
  const pm = await insertNewUser({ role: 'pm', prefix: 'late-find-pm' })
  const late = await insertNewProduct({ ownerId: pmm.id, market: 'DE' })
  // Expired two hours ago: 22 hours (less a minute or so) are left to record it.
  await reservedAgo(pm, late.pId, 3)
  await signInWith(page.request, pm.email, pm.password)
  for (const path of ['/reservations', '/dashboard']) {
    await page.goto(path)
    await ready(page, jsEnabled)
    const offered = page.getByRole('region', { name: 'Expired reservations you can still record' })
    await expect(offered).toContainText(`Product ${late.pId}`)
    await expect(offered).toContainText(/\((21 h 5\d|22 h 0) min left\)/)
    await offered.getByRole('link', { name: `CREATE ORDER for product ${late.pId}` }).click()
    await expect(page).toHaveURL(new RegExp(`/orders\\?tab=add&pId=${late.pId}$`))
    await expect(page.getByLabel('Product ID')).toHaveValue(String(late.pId))
  }
})

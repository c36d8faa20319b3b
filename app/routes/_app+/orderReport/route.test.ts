import { execFileSync } from 'node:child_process'
import { describe, expect, test } from 'vitest'
import { makeUser } from '../../../../server/factories'
import { orderWorld, placeOrder } from '../../../../tests/orders'
import { call, getRequest } from '../../../../tests/route'
import { sessionCookie } from '../../../../tests/api'
import { loader as pdfLoader } from '../../orderReport.export[.]pdf'
import { loader } from './route'
import { eq } from 'drizzle-orm'
import { db } from '../../../../db/client'
import { chineseSellers, orders, orderStatuses, products, users } from '../../../../db/schema'

describe('/orderReport filter choices', () => {
  test("a pm's Manager and Marketer choices name only the people of their own orders", async () => {
    const w = await orderWorld()
    await placeOrder(w)
    const otherPmm = await makeUser({ role: 'pmm', name: 'Zhang Wei Other Manager' })
    const otherPm = await makeUser({ role: 'pm', name: 'Nguyễn Other Marketer' })
    const admin = await makeUser({ role: 'admin' })

    const asPm = await call(loader, getRequest('/orderReport', { cookie: w.pm.cookie }))
    expect(asPm.status).toBe(200)
    expect(asPm.data.choices.managers).toEqual([{ id: w.pmm.user.id, name: w.pmm.user.name }])
    expect(asPm.data.choices.marketers).toEqual([{ id: w.pm.user.id, name: w.pm.user.name }])
    const text = JSON.stringify(asPm.data)
    expect(text).not.toContain(otherPmm.name)
    expect(text).not.toContain(otherPm.name)

    // A pmm: themself, and the marketers of the orders on their products.
    const asPmm = await call(loader, getRequest('/orderReport', { cookie: w.pmm.cookie }))
    expect(asPmm.data.choices.managers).toEqual([{ id: w.pmm.user.id, name: w.pmm.user.name }])
    expect(asPmm.data.choices.marketers).toEqual([{ id: w.pm.user.id, name: w.pm.user.name }])

    // An admin chooses among everyone.
    const asAdmin = await call(
      loader,
      getRequest('/orderReport', { cookie: await sessionCookie(admin.id) }),
    )
    const managers = asAdmin.data.choices.managers.map((m: { name: string }) => m.name)
    expect(managers).toEqual(expect.arrayContaining([otherPmm.name, w.pmm.user.name]))
    const marketers = asAdmin.data.choices.marketers.map((m: { name: string }) => m.name)
    expect(marketers).toEqual(expect.arrayContaining([otherPm.name, w.pm.user.name]))
  })
})

test("a pm's PDF never names a manager whose orders they do not see, whatever the URL says", async () => {
  const w = await orderWorld()
  await placeOrder(w)
  const otherPmm = await makeUser({ role: 'pmm', name: 'Li Na Hidden Manager' })
  const request = getRequest(`/orderReport/export.pdf?manager=${otherPmm.id}`, {
    cookie: w.pm.cookie,
  })
  const response = (await pdfLoader({ request, params: {}, context: {} })) as Response
  expect(response.status).toBe(200)
  const pdf = Buffer.from(await response.arrayBuffer())
  const text = execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString()
  expect(text).toContain('Manager: All')
  expect(text).not.toContain(otherPmm.name)
})

describe("/orderReport's rows and choices, remembered between writes", () => {
  test('every write to what the page shows is on the next view', async () => {
    const w = await orderWorld()
    const first = await placeOrder(w)
    const page = async () => {
      const { data } = await call(loader, getRequest('/orderReport', { cookie: w.pmm.cookie }))
      const column = (name: string) =>
        data.headers.findIndex((h: { header: string }) => h.header === name)
      const row = (orderNumber: string) =>
        data.rows.find((r: { cells: string[] }) => r.cells[column('Order Number')] === orderNumber)
          ?.cells as string[] | undefined
      const cell = (orderNumber: string, name: string) => row(orderNumber)?.[column(name)]
      return { data, row, cell }
    }
    const before = await page()
    expect(before.data.total).toBe(1)
    expect(before.cell(first.orderNumber, 'Status')).toBe('Ordered')
    // The same view again answers the same.
    expect((await page()).data.rows).toEqual(before.data.rows)

    db.update(orders).set({ remark: 'Checked twice' }).where(eq(orders.id, first.id)).run()
    expect((await page()).cell(first.orderNumber, 'Remark')).toBe('Checked twice')

    db.update(products)
      .set({ brandName: 'Renamed Brand' })
      .where(eq(products.id, w.product.id))
      .run()
    expect((await page()).cell(first.orderNumber, 'Brand')).toBe('Renamed Brand')

    db.update(chineseSellers)
      .set({ name: '深圳新卖家 renamed' })
      .where(eq(chineseSellers.id, w.refs.chineseSellerId))
      .run()
    expect((await page()).cell(first.orderNumber, 'Chinese Seller')).toBe('深圳新卖家 renamed')

    db.update(users).set({ name: 'Renamed Marketer' }).where(eq(users.id, w.pm.user.id)).run()
    const renamed = await page()
    expect(renamed.cell(first.orderNumber, 'Marketer')).toBe('Renamed Marketer')
    expect(renamed.data.choices.marketers).toEqual([{ id: w.pm.user.id, name: 'Renamed Marketer' }])

    const ordered = db
      .select({ name: orderStatuses.name })
      .from(orderStatuses)
      .where(eq(orderStatuses.id, 'ordered'))
      .get()!.name
    try {
      db.update(orderStatuses)
        .set({ name: 'Ordered (renamed)' })
        .where(eq(orderStatuses.id, 'ordered'))
        .run()
      expect((await page()).cell(first.orderNumber, 'Status')).toBe('Ordered (renamed)')
    } finally {
      db.update(orderStatuses).set({ name: ordered }).where(eq(orderStatuses.id, 'ordered')).run()
    }

    // Another marketer's order: a row, the count and a Marketer choice more.
    const otherPm = await makeUser({ role: 'pm', name: 'Second Marketer' })
    const second = await placeOrder(w, {}, otherPm)
    const after = await page()
    expect(after.data.total).toBe(2)
    expect(after.row(second.orderNumber)).toBeDefined()
    expect(after.data.choices.marketers.map((m: { name: string }) => m.name)).toEqual([
      'Renamed Marketer',
      'Second Marketer',
    ])
  })
})

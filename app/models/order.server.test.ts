import { eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '../../db/client'
import { markets, orders } from '../../db/schema'
import { insertCategory, insertChineseSeller, insertMarket } from './lookup.server'
import { getOrder, listOrders, listStatuses, oneYearBefore, orderCountsFor } from './order.server'
import { rowDecoder, valueIndex } from './row-decoder.server'
import { makeOrder, makeProduct, makeUser } from '../../server/factories'

const DAY = 86_400_000

async function world() {
  const refs = {
    marketId: insertMarket(`Market ${Math.random()}`, `M${Math.random().toString(36).slice(2, 6)}`)
      .id,
    categoryId: insertCategory(`Cat ${Math.random()}`).id,
    chineseSellerId: insertChineseSeller(`卖家 ${Math.random()}`).id,
  }
  const pmm = await makeUser({ role: 'pmm' })
  const otherPmm = await makeUser({ role: 'pmm' })
  const pm = await makeUser({ role: 'pm' })
  const otherPm = await makeUser({ role: 'pm' })
  const admin = await makeUser({ role: 'admin' })
  const mine = await makeProduct(pmm, refs)
  const theirs = await makeProduct(otherPmm, refs)
  return { pmm, otherPmm, pm, otherPm, admin, mine, theirs }
}

describe('dashboard counts', () => {
  test('statuses are the nine fixed rows in display order', () => {
    expect(listStatuses().map((s) => [s.id, s.name])).toEqual([
      ['ordered', 'Ordered'],
      ['reviewed', 'Reviewed'],
      ['cancelled', 'Cancelled'],
      ['delivered', 'Delivered'],
      ['refunded', 'Refunded'],
      ['review_deleted', 'Review Deleted'],
      ['onhold', 'Onhold'],
      ['commission', 'Commission'],
      ['pending', 'Pending'],
    ])
  })

  test('a pm counts their own orders, a pmm the orders on their products, an admin all', async () => {
    const w = await world()
    makeOrder({ product: w.mine, user: w.pm, statusId: 'ordered' })
    makeOrder({ product: w.mine, user: w.otherPm, statusId: 'ordered' })
    makeOrder({ product: w.theirs, user: w.pm, statusId: 'reviewed' })
    makeOrder({ product: w.theirs, user: w.otherPm, statusId: 'commission' })

    expect(orderCountsFor(w.pm).byStatus).toEqual({ ordered: 1, reviewed: 1 })
    expect(orderCountsFor(w.otherPm).byStatus).toEqual({ ordered: 1, commission: 1 })
    expect(orderCountsFor(w.pmm).byStatus).toEqual({ ordered: 2 })
    expect(orderCountsFor(w.otherPmm).byStatus).toEqual({ reviewed: 1, commission: 1 })
    const all = orderCountsFor(w.admin)
    expect(all.total).toBeGreaterThanOrEqual(4)
  })

  test("'yearly' counts orders whose updatedAt is more than one year old", async () => {
    const w = await world()
    const now = new Date('2026-06-15T12:00:00Z')
    const year = oneYearBefore(now)
    expect(year.toISOString()).toBe('2025-06-15T12:00:00.000Z')
    makeOrder({
      product: w.mine,
      user: w.pm,
      updatedAt: new Date(year.getTime() - DAY),
      createdAt: new Date(year.getTime() - 2 * DAY),
    })
    makeOrder({
      product: w.mine,
      user: w.pm,
      updatedAt: new Date(year.getTime()),
      createdAt: new Date(year.getTime() - 2 * DAY),
    })
    makeOrder({ product: w.mine, user: w.pm, updatedAt: new Date(year.getTime() + DAY) })
    expect(orderCountsFor(w.pm, now).yearly).toBe(1)
    expect(orderCountsFor(w.pmm, now).yearly).toBe(1)
  })
})

describe("an Orders page's rows (decoded column by column, rowDecoder)", () => {
  test('a nested selection decodes as Drizzle maps it: a table, an object, a mapped sql', async () => {
    const w = await world()
    const order = makeOrder({ product: w.mine, user: w.pm, statusId: 'reviewed' })
    const fields = {
      order: orders,
      market: { id: markets.id, name: markets.name },
      twice: sql<number>`${orders.commission} * 2`.mapWith(String),
      plain: sql<number>`${orders.id} + 0`,
    }
    const query = db
      .select(fields)
      .from(orders)
      .innerJoin(markets, eq(markets.id, orders.marketId))
      .where(eq(orders.id, order.id))
    const [mapped] = query.all()
    const [values] = query.values()
    const decoded = rowDecoder<typeof mapped>(fields)(values as unknown[])
    expect(decoded).toEqual(mapped)
    expect(decoded.order.createdAt).toBeInstanceOf(Date)
    expect(decoded.twice).toBe(String(order.commission * 2))
    expect((values as unknown[])[valueIndex(fields, 'twice')]).toBe(order.commission * 2)
  })

  test('an order on its list page is the order its own page shows', async () => {
    const w = await world()
    const order = makeOrder({ product: w.mine, user: w.pm, remark: 'مرحبا 你好' })
    const listed = listOrders(w.pm, { orderNumber: order.orderNumber })
    const shown = getOrder(w.pm, order.id)
    if (!listed.ok || !shown.ok) throw new Error('expected both to answer')
    expect(listed.rows).toEqual([shown.order])
    expect(shown.order.remark).toBe('مرحبا 你好')
    expect(shown.order.createdAt).toBeInstanceOf(Date)
  })
})

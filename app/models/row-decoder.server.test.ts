import { eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '../../db/client'
import { markets, orders } from '../../db/schema'
import { insertCategory, insertChineseSeller, insertMarket } from './lookup.server'
import { getOrder, listOrders } from './order.server'
import { rowDecoder, valueIndex } from './row-decoder.server'
import { makeOrder, makeProduct, makeUser } from '../../server/factories'

async function anOrder() {
  const refs = {
    marketId: insertMarket(`Market ${Math.random()}`, `M${Math.random().toString(36).slice(2, 6)}`)
      .id,
    categoryId: insertCategory(`Cat ${Math.random()}`).id,
    chineseSellerId: insertChineseSeller(`卖家 ${Math.random()}`).id,
  }
  const pmm = await makeUser({ role: 'pmm' })
  const pm = await makeUser({ role: 'pm' })
  const product = await makeProduct(pmm, refs)
  const order = makeOrder({
    product,
    user: pm,
    statusId: 'reviewed',
    remark: 'مرحبا 你好',
  })
  return { pmm, pm, order }
}

describe('rowDecoder', () => {
  test('a nested selection decodes as Drizzle maps it: a table, an object, a mapped sql', async () => {
    const { order } = await anOrder()
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
    const { pm, order } = await anOrder()
    const listed = listOrders(pm, { orderNumber: order.orderNumber })
    const shown = getOrder(pm, order.id)
    if (!listed.ok || !shown.ok) throw new Error('expected both to answer')
    expect(listed.rows).toEqual([shown.order])
    expect(shown.order.remark).toBe('مرحبا 你好')
    expect(shown.order.createdAt).toBeInstanceOf(Date)
  })
})

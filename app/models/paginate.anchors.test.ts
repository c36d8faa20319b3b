import { eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db, sqlite } from '../../db/client'
import { orders } from '../../db/schema'
import { makeOrder, makeProduct, makeUser } from '../../server/factories'
import { makeRefs } from '../../tests/api'
import { unwrap } from '~/core/result'
import { listOrders } from './order.server'
import { ANCHORED_FROM, PAGE_SIZE } from './paginate.server'

/*
 * Issue 29: a deep page is read from an anchor (the keys of a row an earlier page of the same list
 * met) when one stands within reach, at the same list version. Whatever order the pages are
 * opened in, and after a write moves rows, each holds exactly what the list read whole holds.
 */
describe('deep pages read from anchors', () => {
  test('hold the rows of the list read whole, in any order of visits and after writes', async () => {
    const pmm = await makeUser({ role: 'pmm' })
    const pm = await makeUser({ role: 'pm' })
    const product = await makeProduct(pmm, makeRefs())
    const count = 61 * PAGE_SIZE - 7
    // Pages 21 to 40 are deep from either end (the second half is read from the end).
    expect(count - 40 * PAGE_SIZE).toBeGreaterThanOrEqual(ANCHORED_FROM)
    expect(20 * PAGE_SIZE).toBeGreaterThanOrEqual(ANCHORED_FROM)
    const start = Date.UTC(2026, 0, 1)
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        // Moments shared by a few orders each: the id orders them among themselves.
        const at = new Date(start + Math.floor(i / 3) * 60_000)
        const order = makeOrder({ product, user: pm, createdAt: at, updatedAt: at })
        db.update(orders)
          .set({ commission: (i * 7919) % 13 })
          .where(eq(orders.id, order.id))
          .run()
      }
    })
    const whole = (orderBy: string) =>
      sqlite
        .prepare(`select id from orders where product_id = ? order by ${orderBy}`)
        .pluck()
        .all(product.id) as number[]
    const sorts = [
      [{}, 'updated_at desc, id desc'],
      [{ sort: 'commission', dir: 'asc' }, 'commission asc, id asc'],
      [{ sort: 'commission', dir: 'desc' }, 'commission desc, id desc'],
    ] as const
    const visits = [21, 22, 21, 23, 25, 24, 30, 29, 26, 40, 39, 41, 38, 36, 35, 22]
    const check = () => {
      for (const [f, orderBy] of sorts) {
        const expected = whole(orderBy)
        for (const page of visits) {
          const listed = unwrap(listOrders(pmm, { ...f, page })).rows.map((r) => r.id)
          expect(listed, `${orderBy}, page ${page}`).toEqual(
            expected.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
          )
        }
      }
    }
    check()
    // A write moves rows: the anchors taken before it are not used.
    const moved = whole('updated_at desc, id desc').slice(560, 620)
    db.update(orders)
      .set({ updatedAt: new Date(start + 10 ** 9), commission: 99 })
      .where(sql`${orders.id} in ${moved}`)
      .run()
    check()
    db.delete(orders).where(eq(orders.productId, product.id)).run()
  })
})

import { eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db, sqlite } from '../../db/client'
import { orders, products } from '../../db/schema'
import { makeOrder, makeProduct, makeUser } from '../../server/factories'
import { makeRefs } from '../../tests/api'
import { getProductView } from './product.server'

/*
 * Issue 29: a product's orders that take a unit of its sale limit (all but Cancelled) are kept in
 * products.orders_taken by triggers (migration 0022), so a catalog page reads one number per
 * product instead of counting its orders. It always equals the count, whatever writes the orders.
 */
describe("a product's orders taken, kept by triggers", () => {
  test('equal a count of its orders after adds, status changes, moves and deletions', async () => {
    const pmm = await makeUser({ role: 'pmm' })
    const pm = await makeUser({ role: 'pm' })
    const refs = makeRefs()
    const [a, b] = [await makeProduct(pmm, refs), await makeProduct(pmm, refs)]
    const kept = (id: number) =>
      db.select({ n: products.ordersTaken }).from(products).where(eq(products.id, id)).get()!.n
    const counted = (id: number) =>
      sqlite
        .prepare(`select count(*) from orders where product_id = ? and status_id != 'cancelled'`)
        .pluck()
        .get(id) as number
    const same = () => {
      for (const p of [a, b]) expect(kept(p.id)).toBe(counted(p.id))
    }
    const made = [
      makeOrder({ product: a, user: pm }),
      makeOrder({ product: a, user: pm, statusId: 'cancelled' }),
      makeOrder({ product: a, user: pm, statusId: 'delivered' }),
      makeOrder({ product: b, user: pm }),
    ]
    same()
    expect(kept(a.id)).toBe(2)
    const setStatus = (i: number, statusId: string) =>
      db.update(orders).set({ statusId }).where(eq(orders.id, made[i]!.id)).run()
    setStatus(0, 'cancelled')
    same()
    setStatus(1, 'ordered')
    same()
    setStatus(2, 'refunded')
    same()
    // Moved to the other product, in one update with its status, then deleted.
    db.update(orders)
      .set({ productId: b.id, statusId: 'cancelled' })
      .where(eq(orders.id, made[2]!.id))
      .run()
    same()
    db.update(orders).set({ statusId: 'pending' }).where(eq(orders.id, made[2]!.id)).run()
    same()
    db.delete(orders).where(eq(orders.id, made[3]!.id)).run()
    db.run(sql`delete from orders where id = ${made[1]!.id}`)
    same()
    // What a page shows: the limit less its orders taken (no reservation here).
    const view = getProductView(pmm, b.pId)!
    expect(view.totalRemaining).toBe(view.limit - counted(b.id))
  })
})

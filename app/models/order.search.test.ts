import { desc, eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db, sqlite } from '../../db/client'
import { orders } from '../../db/schema'
import { makeOrder, makeProduct, makeUser } from '../../server/factories'
import { insertCategory, insertChineseSeller, insertMarket } from './lookup.server'
import { listOrders, orderList, updateOrder } from './order.server'
import { pageIdsSql } from './paginate.server'
import { unwrap } from '~/core/result'
import { uid } from '../../tests/unique'

/*
 * Issue 29: searching orders by a part of the order number or the customer email. A part of three
 * characters or more that few orders hold is found in the trigram index (migration 0019); a
 * shorter or common one along the list's index. Either way the same orders as a LIKE over every
 * order, kept right as orders are added, edited and deleted.
 */

/** The plan of a list's page of ids (both directions), one line per step. */
function pagePlan(viewer: Parameters<typeof orderList>[0], f: Parameters<typeof orderList>[1]) {
  return pageIdsSql(orderList(viewer, f))
    .map((q) => sqlite.prepare(`explain query plan ${q.sql}`).all(...q.params))
    .flat()
    .map((r) => (r as { detail: string }).detail)
    .join('\n')
}

/**
 * `n` copies of an order whose numbers (`<part>-<i>`) and emails hold `part`, each updated
 * `updatedBy` (SQL over the copy's number `i`) after the original.
 */
function copiesHolding(part: string, n: number, orderId: number, updatedBy: string) {
  sqlite
    .prepare(
      `insert into orders (order_number, order_number_key, customer_email, product_id, user_id, status_id, market_id, commission, created_at, updated_at, quota_at)
       with recursive n(i) as (select 1 union all select i + 1 from n where i < ${n})
       select ? || '-' || i, lower(? || '-' || i), lower(?) || i || '@y.test', o.product_id, o.user_id, o.status_id, o.market_id, o.commission, o.created_at + i, o.updated_at + ${updatedBy}, o.quota_at
       from n, orders o where o.id = ?`,
    )
    .run(part, part, part.split('-')[0], orderId)
}

async function world() {
  const refs = {
    marketId: insertMarket(`Market ${uid()}`, `S${uid().slice(-5)}`).id,
    categoryId: insertCategory(`Cat ${uid()}`).id,
    chineseSellerId: insertChineseSeller(`卖家 ${uid()}`).id,
  }
  const pmm = await makeUser({ role: 'pmm' })
  const pm = await makeUser({ role: 'pm' })
  const admin = await makeUser({ role: 'admin' })
  const product = await makeProduct(pmm, refs)
  const tag = uid().replace(/\W/g, '').slice(-8).toUpperCase()
  const made = [
    makeOrder({
      product,
      user: pm,
      orderNumber: `Zq-${tag}-001`,
      customerEmail: `anna.${tag}@Mail.test`,
    }),
    makeOrder({
      product,
      user: pm,
      orderNumber: `Zq-${tag}-002`,
      customerEmail: `bob"quote${tag}@x.test`,
    }),
    makeOrder({
      product,
      user: pm,
      orderNumber: `Zq-${tag}-%_3`,
      customerEmail: `آرڈر${tag}@x.test`,
    }),
  ]
  return { pmm, pm, admin, tag, made, product }
}

/** The ids a LIKE over every order finds (what the lists did before the index). */
function likeIds(column: 'order_number_key' | 'customer_email', part: string) {
  const escaped = part.trim().replace(/[\\%_]/g, (c) => `\\${c}`)
  return sqlite
    .prepare(`select id from orders where ${column} like ? escape '\\' order by id`)
    .all(`%${escaped}%`)
    .map((r) => (r as { id: number }).id)
}

const listed = (viewer: Parameters<typeof listOrders>[0], f: Parameters<typeof listOrders>[1]) =>
  unwrap(listOrders(viewer, f))
    .rows.map((r) => r.id)
    .sort((a, b) => a - b)

describe('order search by a part of the number or the email', () => {
  test('finds the same orders as a LIKE over every order, whatever the part', async () => {
    const w = await world()
    const parts = [
      w.tag,
      w.tag.toLowerCase(),
      `${w.tag}-00`,
      '-%_3',
      '%',
      '_',
      'zq',
      'Zq-',
      '"',
      `quote${w.tag}`,
      'آرڈر',
      'mail.TEST',
      ' ',
      'x'.repeat(120),
    ]
    for (const part of parts) {
      const key = part.trim().toLowerCase()
      const number = listed(w.admin, { orderNumber: part })
      const byNumber = likeIds('order_number_key', key)
      // An admin's list shows 25 a page: compare where the LIKE finds that few.
      if (byNumber.length <= 25 && key) expect(number, `order number ${part}`).toEqual(byNumber)
      const email = listed(w.admin, { customerEmail: part })
      const byEmail = likeIds('customer_email', part)
      if (byEmail.length <= 25 && part.trim()) expect(email, `email ${part}`).toEqual(byEmail)
    }
    // The pm sees their three; the parts find each.
    expect(listed(w.pm, { orderNumber: w.tag })).toEqual(
      w.made.map((o) => o.id).sort((a, b) => a - b),
    )
    expect(listed(w.pm, { customerEmail: 'MAIL.TEST' })).toEqual([w.made[0]!.id])
    expect(listed(w.pmm, { customerEmail: `"quote${w.tag}` })).toEqual([w.made[1]!.id])
    expect(listed(w.pm, { orderNumber: `${w.tag}-%_` })).toEqual([w.made[2]!.id])
  })

  test('an edited order is found by its new number and email, no longer by the old', async () => {
    const w = await world()
    const order = w.made[0]!
    const number = `NEW-${w.tag}-9`
    unwrap(
      updateOrder(w.admin, order.id, {
        orderNumber: number,
        customerEmail: `renamed.${w.tag}@example.test`,
        facebookIdentity: '',
        market: order.marketId,
        remark: '',
      }),
    )
    expect(listed(w.pm, { orderNumber: `new-${w.tag}` })).toEqual([order.id])
    expect(listed(w.pm, { customerEmail: `renamed.${w.tag}` })).toEqual([order.id])
    expect(listed(w.pm, { customerEmail: `anna.${w.tag}` })).toEqual([])
    db.delete(orders).where(eq(orders.id, order.id)).run()
    expect(listed(w.admin, { orderNumber: `new-${w.tag}` })).toEqual([])
    // The index holds what the table holds.
    for (const index of ['orders_number_search', 'orders_email_search']) {
      expect(() =>
        sqlite.prepare(`insert into ${index}(${index}, rank) values ('integrity-check', 1)`).run(),
      ).not.toThrow()
    }
  })

  test("each column has its own index: a number's part is never looked up among the emails' trigrams", async () => {
    const w = await world()
    const holding = (index: string, trigram: string) =>
      sqlite
        .prepare(`select rowid from ${index} where ${index} match ?`)
        .pluck()
        .all(`"${trigram}"`)
    // "na." is only in the first order's email (anna.<tag>@…), "zq-" only in its number (Zq-<tag>-001).
    expect(holding('orders_email_search', 'na.')).toContain(w.made[0]!.id)
    expect(holding('orders_number_search', 'na.')).not.toContain(w.made[0]!.id)
    expect(holding('orders_number_search', 'zq-')).toContain(w.made[0]!.id)
    expect(holding('orders_email_search', 'zq-')).not.toContain(w.made[0]!.id)
    // Both searches still find their order.
    expect(listed(w.pmm, { customerEmail: `anna.${w.tag}` })).toEqual([w.made[0]!.id])
    expect(listed(w.pmm, { orderNumber: `anna.${w.tag}` })).toEqual([])
  })

  test("orders holding each of the part's trigrams apart are not found", async () => {
    // The index is asked for the part's rarest trigrams, which may stand apart in an email: only
    // the orders that hold the whole part are listed.
    const w = await world()
    const product = w.product
    const tag = w.tag.toLowerCase().slice(-5)
    const whole = makeOrder({
      product,
      user: w.pm,
      orderNumber: `Kv-${tag}-pqrs`,
      customerEmail: `pqrs${tag}@k.test`,
    })
    makeOrder({
      product,
      user: w.pm,
      orderNumber: `Kv-${tag}-pqr-qrs`,
      customerEmail: `pqr-qrs${tag}@k.test`,
    })
    expect(listed(w.pm, { customerEmail: `pqrs${tag}` })).toEqual([whole.id])
    expect(listed(w.pm, { orderNumber: `${tag}-pqrs` })).toEqual([whole.id])
  })

  test('a selective part reads the index, not the whole table; a common one the list index', async () => {
    const w = await world()
    const plan = (f: Parameters<typeof orderList>[1]) => pagePlan(w.admin, f)
    const selective = plan({ orderNumber: `${w.tag}-00` })
    expect(selective).toMatch(/VIRTUAL TABLE INDEX/)
    expect(selective).not.toMatch(/^SCAN orders\b/m)
    // Two characters: no trigram; the list's own index, which fills a page from its start.
    expect(plan({ orderNumber: 'zq' })).not.toMatch(/VIRTUAL TABLE/)
  })

  test("a part thousands of a manager's orders hold is still read in the index, with the same rows", async () => {
    const w = await world()
    // 3,000 more orders of the manager's product whose numbers hold the part: more than the
    // 2,000 a common index reads, fewer than the orders' 20,000.
    // A prefix no number of the world holds: the world's own numbers are `Zq-<tag>-…`.
    const part = `Many-${w.tag}`
    copiesHolding(part, 3000, w.made[0]!.id, 'i')
    const plan = pagePlan(w.pmm, { orderNumber: part })
    expect(plan).toMatch(/VIRTUAL TABLE INDEX/)
    const page = unwrap(listOrders(w.pmm, { orderNumber: part }))
    expect(page.total).toBe(3000)
    expect(page.total).toBe(likeIds('order_number_key', part.toLowerCase()).length)
  })

  test('a part thousands of all orders hold: the admin’s list is read in its order, checked against the index', async () => {
    const w = await world()
    const part = `Walk-${w.tag}`
    // Update times that repeat, so the order's last key (the id) decides among them.
    copiesHolding(part, 2500, w.made[0]!.id, '(i % 7) * 1000')
    const plan = pagePlan(w.admin, { orderNumber: part })
    // No sort of 2,500 orders: the list's own index, each order checked against the part's.
    expect(plan).toMatch(/^SCAN orders USING INDEX orders_updated_idx/m)
    expect(plan).toMatch(/VIRTUAL TABLE INDEX/)
    expect(plan).not.toMatch(/TEMP B-TREE/)
    const newestFirst = db
      .select({ id: orders.id })
      .from(orders)
      .where(sql`${orders.orderNumberKey} like ${`%${part.toLowerCase()}%`}`)
      .orderBy(desc(orders.updatedAt), desc(orders.id))
      .all()
      .map((r) => r.id)
    for (const n of [1, 2, 100]) {
      const page = unwrap(listOrders(w.admin, { orderNumber: part, page: n }))
      expect(page.total).toBe(2500)
      expect(page.rows.map((r) => r.id)).toEqual(newestFirst.slice((n - 1) * 25, n * 25))
    }
  })
})

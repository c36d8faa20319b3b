import path from 'node:path'
import Database from 'better-sqlite3'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db, dataDir, sqlite } from '../../db/client'
import { orders, products } from '../../db/schema'
import { makeOrder, makeProduct, makeUser } from '../../server/factories'
import { makeRefs } from '../../tests/api'
import { orderVisibility } from './order.server'
import { dataReadBy, dataVersionOf, keptRowCount } from './versions.server'

const countSql = (where: ReturnType<typeof and>) =>
  db
    .select({ n: sql<number>`count(*)` })
    .from(orders)
    .where(where)
    .toSQL().sql

describe('what a statement reads, by the data versions of its tables and columns', () => {
  test('a table alone, then the columns a manager’s order list filters on', () => {
    expect(dataReadBy(countSql(undefined))).toEqual(['orders'])
    const manager = { id: 7, role: 'pmm' as const }
    expect(
      dataReadBy(countSql(and(orderVisibility(manager), eq(orders.statusId, 'delivered')))),
    ).toEqual([
      'orders',
      'orders.product_id',
      'orders.status_id',
      'products',
      'products.id',
      'products.owner_id',
    ])
  })

  test('a table named inside a string is not read', () => {
    expect(
      dataReadBy(`select count(*) from "orders" where "orders"."remark" = '"users"."email"'`),
    ).toEqual(['orders', 'orders.remark'])
  })

  test('a column whose table is not certain counts for every table named that has it', () => {
    expect(dataReadBy(`select "status_id", count(*) from "orders" group by 1`)).toEqual([
      'orders',
      'orders.status_id',
    ])
    expect(dataReadBy(`select count(*) from "orders" o where o.created_at < ?`)).toEqual([
      'orders',
      'orders.created_at',
    ])
    expect(
      dataReadBy(
        `select count(*) from "orders" join "products" p on p.id = product_id where status = ?`,
      ),
    ).toEqual([
      'orders',
      'orders.id',
      'orders.product_id',
      'products',
      'products.id',
      'products.status',
    ])
    const everyOrderColumn = sqlite
      .prepare(`select 'orders.' || name from pragma_table_info('orders')`)
      .pluck()
      .all()
    expect(dataReadBy(`select * from "orders" where "orders"."id" = ?`)).toEqual(
      ['orders', ...everyOrderColumn].sort(),
    )
  })

  test('a full-text index reads the columns it holds of its table', () => {
    expect(
      dataReadBy(
        `select count(*) from "orders" where "orders"."id" in (select rowid from "orders_number_search" where "orders_number_search" match ?)`,
      ),
    ).toEqual(['orders', 'orders.id', 'orders.order_number_key'])
    expect(
      dataReadBy(`select rowid from "products_search" where "products_search" match ?`),
    ).toEqual(['products', 'products.brand_name', 'products.keywords'])
  })

  test('a table without data versions is refused: nothing would tell its answer changed', () => {
    expect(() => dataReadBy('select count(*) from "sessions"')).toThrow(
      'A remembered answer cannot read "sessions": it has no data versions (db/version-triggers.ts).',
    )
  })
})

describe('a write changes the version of what reads it, and only that', () => {
  test('a status change leaves the whole list’s and a manager’s count; a status filter sees it', async () => {
    const refs = makeRefs()
    const [pmm, pm] = [await makeUser({ role: 'pmm' }), await makeUser({ role: 'pm' })]
    const product = await makeProduct(pmm, refs, { limitPerDay: 50, limit: 50 } as never)
    const order = makeOrder({ product, user: pm })
    const all = countSql(undefined)
    const mine = countSql(orderVisibility(pmm))
    const delivered = countSql(and(orderVisibility(pmm), eq(orders.statusId, 'delivered')))
    const before = [all, mine, delivered].map(dataVersionOf)

    db.update(orders)
      .set({ statusId: 'delivered', updatedAt: new Date() })
      .where(eq(orders.id, order.id))
      .run()
    expect([all, mine].map(dataVersionOf)).toEqual(before.slice(0, 2))
    expect(dataVersionOf(delivered)).toBeGreaterThan(before[2]!)

    // Setting a column to the value it holds changes nothing.
    const after = dataVersionOf(delivered)
    db.update(orders).set({ statusId: 'delivered' }).where(eq(orders.id, order.id)).run()
    expect(dataVersionOf(delivered)).toBe(after)

    // A product changing hands changes the manager's count, not the whole list's.
    const other = await makeUser({ role: 'pmm' })
    db.update(products).set({ ownerId: other.id }).where(eq(products.id, product.id)).run()
    expect(dataVersionOf(all)).toBe(before[0])
    expect(dataVersionOf(mine)).toBeGreaterThan(before[1]!)

    // A new order changes every count of orders.
    const beforeNew = [all, mine, delivered].map(dataVersionOf)
    makeOrder({ product, user: pm })
    ;[all, mine, delivered].forEach((text, i) =>
      expect(dataVersionOf(text)).toBeGreaterThan(beforeNew[i]!),
    )
  })

  test('the kept row count follows inserts and deletes, from this process or another', async () => {
    const refs = makeRefs()
    const [pmm, pm] = [await makeUser({ role: 'pmm' }), await makeUser({ role: 'pm' })]
    const product = await makeProduct(pmm, refs, { limitPerDay: 50, limit: 50 } as never)
    const counted = () => sqlite.prepare('select count(*) from orders').pluck().get()
    for (let i = 0; i < 3; i++) makeOrder({ product, user: pm })
    expect(keptRowCount('orders')).toBe(counted())

    const another = new Database(path.join(dataDir(), 'app.db'))
    another.pragma('foreign_keys = ON')
    another
      .prepare(
        `delete from order_status_history where order_id in (select id from orders where product_id = ?)`,
      )
      .run(product.id)
    const deleted = another.prepare('delete from orders where product_id = ?').run(product.id)
    another.close()
    expect(deleted.changes).toBe(3)
    expect(keptRowCount('orders')).toBe(counted())
  })
})

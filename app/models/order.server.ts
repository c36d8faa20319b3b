import { and, eq, sql, type SQL } from 'drizzle-orm'
import { db } from '../../db/client'
import { orders, orderStatuses, orderStatusHistory, products } from '../../db/schema'
import type { User } from './user.server'

/** Statuses in display order, loaded from the fixed rows. */
export function listStatuses() {
  return db.select().from(orderStatuses).orderBy(orderStatuses.sortOrder).all()
}

/**
 * The orders a user may see: a pm their own, a pmm the orders on their own products, an admin all.
 * Used by every order query so pages, API and reports agree.
 */
export function orderVisibility(user: Pick<User, 'id' | 'role'>): SQL | undefined {
  if (user.role === 'admin') return undefined
  if (user.role === 'pm') return eq(orders.userId, user.id)
  return sql`${orders.productId} in (select ${products.id} from ${products} where ${products.ownerId} = ${user.id})`
}

/** One year before `now`, by the calendar. */
export function oneYearBefore(now = new Date()) {
  const d = new Date(now)
  d.setUTCFullYear(d.getUTCFullYear() - 1)
  return d
}

/** Dashboard counts per status plus 'yearly' (updatedAt over one year old), in SQL. */
export function orderCountsFor(user: Pick<User, 'id' | 'role'>, now = new Date()) {
  const rows = db
    .select({ statusId: orders.statusId, n: sql<number>`count(*)` })
    .from(orders)
    .where(orderVisibility(user))
    .groupBy(orders.statusId)
    .all()
  const yearly =
    db
      .select({ n: sql<number>`count(*)` })
      .from(orders)
      .where(and(orderVisibility(user), sql`${orders.updatedAt} < ${oneYearBefore(now).getTime()}`))
      .get()?.n ?? 0
  const byStatus = Object.fromEntries(rows.map((r) => [r.statusId, r.n])) as Record<string, number>
  return { byStatus, yearly, total: rows.reduce((sum, r) => sum + r.n, 0) }
}

export type NewOrderRow = typeof orders.$inferInsert

/**
 * Writes an order row and its first history entry. The rules for creating orders (reservation,
 * scammer list) live in the functions that call this one.
 */
export function insertOrder(row: Omit<NewOrderRow, 'orderNumberKey'>, changedBy: number) {
  return db.transaction((tx) => {
    const order = tx
      .insert(orders)
      .values({ ...row, orderNumberKey: row.orderNumber.trim().toLowerCase() })
      .returning()
      .get()
    tx.insert(orderStatusHistory)
      .values({
        orderId: order.id,
        fromStatusId: null,
        toStatusId: order.statusId,
        changedBy,
        changedAt: order.createdAt,
      })
      .run()
    return order
  })
}

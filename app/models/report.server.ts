import { aliasedTable, and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm'
import { db, sqlite } from '../../db/client'
import { chineseSellers, markets, orders, orderStatuses, products, users } from '../../db/schema'
import type { OrderReportFilters } from '~/schemas/list-queries'
import { businessDate, businessDayStart, nextDay } from '~/utils/business-day.server'
import { orderVisibility } from './order.server'
import type { User } from './user.server'

type Viewer = Pick<User, 'id' | 'role'>

/** The report's filters with the days settled: from and to default to today (business time). */
export function reportRange(filters: OrderReportFilters, now = new Date()) {
  const today = businessDate(now)
  return { ...filters, from: filters.from ?? today, to: filters.to ?? today }
}
export type ReportFilters = ReturnType<typeof reportRange>

const marketer = aliasedTable(users, 'marketer')
const manager = aliasedTable(users, 'manager')

/**
 * The orders of a report: what the viewer may see (as on the order list), with the filters; the
 * days filter the order's creation day in the business time zone, both ends included.
 */
function reportWhere(viewer: Viewer, f: ReportFilters): SQL | undefined {
  const where: Array<SQL | undefined> = [
    orderVisibility(viewer),
    gte(orders.createdAt, businessDayStart(f.from)),
    lt(orders.createdAt, businessDayStart(nextDay(f.to))),
  ]
  if (f.status) where.push(eq(orders.statusId, f.status))
  if (f.marketer) where.push(eq(orders.userId, f.marketer))
  if (f.manager) where.push(eq(products.ownerId, f.manager))
  if (f.chineseSeller) where.push(eq(products.chineseSellerId, f.chineseSeller))
  return and(...where)
}

function reportQuery(viewer: Viewer, f: ReportFilters) {
  return db
    .select({
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
      status: orderStatuses.name,
      pId: products.pId,
      brandName: products.brandName,
      market: markets.shortName,
      chineseSeller: chineseSellers.name,
      manager: manager.name,
      marketer: marketer.name,
      sellerId: orders.userId,
      customerEmail: orders.customerEmail,
      buyerContact: orders.buyerContact,
      commission: sql<number>`${orders.commission} / 100.0`,
      refundDate: orders.refundDate,
      remark: orders.remark,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(marketer, eq(marketer.id, orders.userId))
    .innerJoin(manager, eq(manager.id, products.ownerId))
    .innerJoin(markets, eq(markets.id, orders.marketId))
    .innerJoin(chineseSellers, eq(chineseSellers.id, products.chineseSellerId))
    .innerJoin(orderStatuses, eq(orderStatuses.id, orders.statusId))
    .where(reportWhere(viewer, f))
    .orderBy(asc(orders.createdAt), asc(orders.id))
}
export type ReportRow = ReturnType<ReturnType<typeof reportQuery>['all']>[number]

/** How many orders the report holds. */
export function reportCount(viewer: Viewer, f: ReportFilters) {
  return (
    db
      .select({ n: sql<number>`count(*)` })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .where(reportWhere(viewer, f))
      .get()?.n ?? 0
  )
}

/** The report's first rows, as the page shows them. */
export function reportPreview(viewer: Viewer, f: ReportFilters, limit = 25) {
  return reportQuery(viewer, f).limit(limit).all()
}

/**
 * Every row of the report, one at a time, so memory stays flat however many there are (Drizzle
 * has no iterator for better-sqlite3: its statement is run by the driver, in raw mode, and each
 * row is read back into the query's shape).
 */
export function* reportRows(viewer: Viewer, f: ReportFilters): Generator<ReportRow> {
  const query = reportQuery(viewer, f)
  const { sql: text, params } = query.toSQL()
  const keys = Object.keys(query._.selectedFields) as Array<keyof ReportRow>
  const statement = sqlite.prepare(text).raw(true)
  for (const values of statement.iterate(...params) as Iterable<unknown[]>) {
    const row = Object.fromEntries(keys.map((key, i) => [key, values[i]])) as Record<
      string,
      unknown
    >
    yield {
      ...(row as ReportRow),
      createdAt: new Date(row.createdAt as number),
      updatedAt: new Date(row.updatedAt as number),
      refundDate: row.refundDate === null ? null : new Date(row.refundDate as number),
    }
  }
}

/** Orders and commission per status, for the PDF's totals. */
export function reportTotals(viewer: Viewer, f: ReportFilters) {
  return db
    .select({
      status: orderStatuses.name,
      orders: sql<number>`count(*)`,
      commission: sql<number>`coalesce(sum(${orders.commission}), 0) / 100.0`,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(orderStatuses, eq(orderStatuses.id, orders.statusId))
    .where(reportWhere(viewer, f))
    .groupBy(orderStatuses.id)
    .orderBy(orderStatuses.sortOrder)
    .all()
}

import { aliasedTable, and, asc, Column, eq, gt, gte, is, lt, or, sql, type SQL } from 'drizzle-orm'
import { db } from '../../db/client'
import { chineseSellers, markets, orders, orderStatuses, products, users } from '../../db/schema'
import type { OrderReportFilters } from '~/schemas/list-queries'
import { businessDate, businessDayStart, nextDay } from '~/utils/business-day.server'
import { listChineseSellers } from './lookup.server'
import { listStatuses, orderVisibility } from './order.server'
import { listManagers, listMarketers, type User } from './user.server'

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

/** The report's fields, in the columns' order. */
const REPORT_FIELDS = {
  id: orders.id,
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
}

function reportQuery(
  viewer: Viewer,
  f: ReportFilters,
  after: { createdAt: Date; id: number } | null = null,
) {
  const keyset = after
    ? or(
        gt(orders.createdAt, after.createdAt),
        and(eq(orders.createdAt, after.createdAt), gt(orders.id, after.id)),
      )
    : undefined
  return db
    .select(REPORT_FIELDS)
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(marketer, eq(marketer.id, orders.userId))
    .innerJoin(manager, eq(manager.id, products.ownerId))
    .innerJoin(markets, eq(markets.id, orders.marketId))
    .innerJoin(chineseSellers, eq(chineseSellers.id, products.chineseSellerId))
    .innerJoin(orderStatuses, eq(orderStatuses.id, orders.statusId))
    .where(and(reportWhere(viewer, f), keyset))
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

const BATCH = 1000

// Raw row values turned into a row: each column's own decoder (timestamps become Dates), in the
// selection's order. Drizzle's general row mapping costs as much as the query on a large report.
const FIELD_NAMES = Object.keys(REPORT_FIELDS)
const DECODERS = Object.values(REPORT_FIELDS).map((field) =>
  is(field, Column)
    ? (value: unknown) => (value === null ? null : field.mapFromDriverValue(value))
    : (value: unknown) => value,
)
function decodeRow(values: unknown[]) {
  const row: Record<string, unknown> = {}
  for (let i = 0; i < FIELD_NAMES.length; i++) row[FIELD_NAMES[i]!] = DECODERS[i]!(values[i])
  return row as ReportRow
}

/**
 * Every row of the report, in batches read by keyset (creation time, then id), so memory stays
 * flat however many rows there are and no statement stays open between batches: other requests
 * keep using the one connection while a report streams.
 */
export function* reportRows(
  viewer: Viewer,
  f: ReportFilters,
  batchSize = BATCH,
): Generator<ReportRow> {
  let after: { createdAt: Date; id: number } | null = null
  for (;;) {
    const batch = reportQuery(viewer, f, after).limit(batchSize).values()
    for (const values of batch) yield decodeRow(values)
    if (batch.length < batchSize) return
    after = decodeRow(batch[batch.length - 1]!)
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

/** The filters in words, for the PDF's heading: names instead of ids, 'All' when not set. */
export function describeReportFilters(f: ReportFilters) {
  const nameOf = (
    rows: Array<{ id: number | string; name: string }>,
    id: number | string | undefined,
  ) => (id === undefined ? 'All' : (rows.find((r) => r.id === id)?.name ?? 'All'))
  return [
    `Status: ${nameOf(listStatuses(), f.status)}`,
    `Manager: ${nameOf(listManagers(), f.manager)}`,
    `Marketer: ${nameOf(listMarketers(), f.marketer)}`,
    `Chinese Seller: ${nameOf(listChineseSellers(), f.chineseSeller)}`,
    `Order dates: ${f.from} to ${f.to}`,
  ].join('  ·  ')
}

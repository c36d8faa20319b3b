import {
  and,
  asc,
  eq,
  fillPlaceholders,
  gt,
  gte,
  inArray,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import { db } from '../../db/client'
import {
  chineseSellers,
  markets,
  orders,
  orderStatuses,
  products,
  reportExports,
} from '../../db/schema'
import type { OrderReportFilters } from '~/schemas/list-queries'
import { addDays, businessDate, businessDayStart, nextDay } from '~/core/business-day.server'
import { buildReportChart, talliesByDay, type DayTally, type ReportChart } from './report-chart'
import { listChineseSellers } from './lookup.server'
import { countOnce, preparedOnce, rowsOnce } from './paginate.server'
import { onceUntilWritten } from './versions.server'
import { listStatuses, manager, marketer, ordersWith, orderVisibility } from './order.server'
import { reportChoicesAmongEveryone, seesOwnOrdersOnly } from './permissions'
import { fail, ok, type Result } from '~/core/result'
import { rowDecoder, valueIndex } from './row-decoder.server'
import { listManagers, listMarketers, type User } from './user.server'

type Viewer = Pick<User, 'id' | 'role'>

/** The report's filters with the days settled: from and to default to today (business time). */
export function reportRange(filters: OrderReportFilters, now = new Date()) {
  const today = businessDate(now)
  return { ...filters, from: filters.from ?? today, to: filters.to ?? today }
}
export type ReportFilters = ReturnType<typeof reportRange>

/**
 * The orders of a report: what the viewer may see (as on the order list), with the filters; the
 * days filter the order's creation day in the business time zone, both ends included.
 */
function reportWhere(viewer: Viewer, f: ReportFilters, keyset = false): SQL | undefined {
  const where: Array<SQL | undefined> = [
    orderVisibility(viewer),
    // A keyset brings its own lower bound (see reportQuery).
    keyset ? undefined : gte(orders.createdAt, businessDayStart(f.from)),
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

/**
 * The index a report reads, named so that no statistics can make SQLite choose another: one whose
 * order is the keyset's (creation time, then id, the rowid every index ends with), so each batch is
 * a range scan that stops after its rows. With an index led by the product or the status, SQLite
 * read all of a pmm's orders and sorted them again for every batch (6 s a batch at 100,000).
 * Orders of one marketer (a pm's own, or the Marketer filter): by marketer, then creation time.
 * Anyone else's: in creation order, the other conditions checked row by row, so a pmm's report
 * reads at most what an admin's of the same days reads.
 */
function reportIndex(viewer: Viewer, f: ReportFilters) {
  return marketerOf(viewer, f) === undefined ? 'orders_created_idx' : 'orders_user_created_idx'
}

/** The one marketer whose orders the report holds, if there is one. */
function marketerOf(viewer: Viewer, f: ReportFilters) {
  return seesOwnOrdersOnly(viewer) ? viewer.id : f.marketer
}

/**
 * The keyset's lower bound: the orders from the placeholder `at` (creation time in ms, at or after
 * the range's start) that come after the order `id` made at that moment. The index is on creation
 * time, then id; the range scan starts at `at`, the keyset's only lower bound (with the day's start
 * as a second one, SQLite would scan from there for every batch).
 */
function keysetAfter() {
  const at = sql.placeholder('at')
  return and(
    gte(orders.createdAt, at),
    or(gt(orders.createdAt, at), gt(orders.id, sql.placeholder('id'))),
  )
}

/** The report's query; with `keyset`, the rows after the placeholders' (see keysetAfter). */
function reportQuery(viewer: Viewer, f: ReportFilters, keyset = false) {
  return ordersWith(REPORT_FIELDS)
    .innerJoin(chineseSellers, eq(chineseSellers.id, products.chineseSellerId))
    .where(and(reportWhere(viewer, f, keyset), keyset ? keysetAfter() : undefined))
    .orderBy(asc(orders.createdAt), asc(orders.id))
}
export type ReportRow = ReturnType<ReturnType<typeof reportQuery>['all']>[number]

/**
 * How many orders the report holds, counted again only after a write to what it reads
 * (`countOnce`, as the lists' counts). The products are joined only for a filter on them: every
 * order has its product (a foreign key), and the join cost an admin's widest count 1.8 s at a
 * million orders.
 */
export function reportCount(viewer: Viewer, f: ReportFilters) {
  const query = db.select({ n: sql<number>`count(*)` }).from(orders)
  const joined =
    f.manager !== undefined || f.chineseSeller !== undefined
      ? query.innerJoin(products, eq(products.id, orders.productId))
      : query
  return countOnce(joined.where(reportWhere(viewer, f)))
}

const decodeRow = rowDecoder<ReportRow>(REPORT_FIELDS)
const AT = valueIndex(REPORT_FIELDS, 'createdAt')
const ID = valueIndex(REPORT_FIELDS, 'id')

/** A report statement (its index named, see withReportIndex), prepared once; raw values. */
function prepareRaw({ sql: text, params }: { sql: string; params: unknown[] }) {
  const statement = preparedOnce(text, 'raw')
  return (values: Record<string, unknown> = {}) =>
    statement.all(...fillPlaceholders(params, values)) as unknown[][]
}

/** The query's text with the report's index named on "orders". */
function withReportIndex(
  viewer: Viewer,
  f: ReportFilters,
  query: { sql: string; params: unknown[] },
) {
  const from = ' from "orders" '
  if (!query.sql.includes(from)) throw new Error('The report query no longer reads "orders".')
  const index = reportIndex(viewer, f)
  return { sql: query.sql.replace(from, `${from}indexed by "${index}" `), params: query.params }
}

function reportSql(viewer: Viewer, f: ReportFilters, keyset: boolean, limit: number) {
  return builtOnce(['rows', viewer.id, viewer.role, f, keyset, limit], () =>
    withReportIndex(viewer, f, reportQuery(viewer, f, keyset).limit(limit).toSQL()),
  )
}

// The report's statements as Drizzle writes them (text and values), by everything they are built
// from: the viewer, the filters and the query's own arguments. Building one anew cost a third of
// a millisecond a page view (the charts' aggregate), and the same arguments give the same query.
const queries = new Map<string, { sql: string; params: unknown[] }>()
function builtOnce(
  key: unknown[],
  build: () => { sql: string; params: unknown[] },
): { sql: string; params: unknown[] } {
  const text = JSON.stringify(key)
  let query = queries.get(text)
  if (!query) {
    if (queries.size >= 500) queries.clear()
    queries.set(text, (query = build()))
  }
  return query
}

/**
 * The report's first rows, as the page shows them, read again only after a write to what they
 * read (`rowsOnce`, as the charts' tallies): a report opened again reads no order.
 */
export function reportPreview(viewer: Viewer, f: ReportFilters, limit = 25) {
  const query = reportSql(viewer, f, false, limit)
  return rowsOnce({ toSQL: () => query, all: () => prepareRaw(query)().map(decodeRow) })
}

const BATCH = 1000

/**
 * Every row of the report, in batches read by keyset (creation time, then id), so memory stays
 * flat however many rows there are and no statement stays open between batches: other requests
 * keep using the one connection while a report streams. The query is built and prepared once.
 */
export function* reportRows(
  viewer: Viewer,
  f: ReportFilters,
  batchSize = BATCH,
): Generator<ReportRow> {
  const next = prepareRaw(reportSql(viewer, f, true, batchSize))
  for (const batch of keysetBatches(next, f, batchSize, AT, ID)) {
    for (const values of batch) yield decodeRow(values)
  }
}

/**
 * The batches of a keyset statement, from the range's first moment; `at` and `id` are where the
 * creation time and id are in its raw rows.
 */
function* keysetBatches(
  next: (values: Record<string, unknown>) => unknown[][],
  f: ReportFilters,
  batchSize: number,
  at: number,
  id: number,
) {
  // From the range's first moment: every id is above 0.
  let after = { at: businessDayStart(f.from).getTime(), id: 0 }
  for (;;) {
    const batch = next(after)
    yield batch
    if (batch.length < batchSize) return
    const last = batch[batch.length - 1]!
    after = { at: last[at] as number, id: last[id] as number }
  }
}

/** A batch's statement and values as SQLite gets them (the plan test reads its query plan). */
export function reportBatchSql(viewer: Viewer, f: ReportFilters) {
  const { sql: text, params } = reportSql(viewer, f, true, BATCH)
  return {
    sql: text,
    params: fillPlaceholders(params, { at: businessDayStart(f.from).getTime(), id: 0 }),
  }
}

export type StatusTotal = { status: string; orders: number; commission: number }

/**
 * What the totals read of each order, in keyset order (creation time, then id); raw values in
 * this order: id, creation time, status, commission.
 */
function totalsQuery(viewer: Viewer, f: ReportFilters, limit: number) {
  const query = db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.statusId,
      commission: orders.commission,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(and(reportWhere(viewer, f, true), keysetAfter()))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(limit)
  return withReportIndex(viewer, f, query.toSQL())
}

const TOTALS_BATCH = 5000

/**
 * Orders and commission per status, for the PDF's totals (its page count needs the rows' total
 * before the first page): the numbers of its rows, read in keyset batches over the
 * index range the rows use, with `room()` between batches so pages are answered meanwhile. One
 * aggregate over a pmm's 100,000 orders blocked the process for up to a second, four PDFs
 * starting at once for several seconds.
 */
export async function reportTotalsInBatches(
  viewer: Viewer,
  f: ReportFilters,
  room: () => Promise<void>,
  batchSize = TOTALS_BATCH,
): Promise<StatusTotal[]> {
  return (await reportSummaryInBatches(viewer, f, room, batchSize)).totals
}

/**
 * The PDF's totals per status and its chart (the page's reportChart) from the same batches: one
 * read of the report's orders gives both.
 */
export async function reportSummaryInBatches(
  viewer: Viewer,
  f: ReportFilters,
  room: () => Promise<void>,
  batchSize = TOTALS_BATCH,
): Promise<{ totals: StatusTotal[]; chart: ReportChart }> {
  const next = prepareRaw(totalsQuery(viewer, f, batchSize))
  const shift = hourShift(f)
  // Commissions are whole cents: their sum is exact, divided by 100 once as SQLite does.
  const sums = new Map<string, { orders: number; cents: number }>()
  const hours = new Map<string, { bucket: number; status: string; orders: number; cents: number }>()
  for (const batch of keysetBatches(next, f, batchSize, 1 /* createdAt */, 0 /* id */)) {
    for (const [, at, status, cents] of batch) {
      const sum = sums.get(status as string) ?? { orders: 0, cents: 0 }
      sum.orders += 1
      sum.cents += cents as number
      sums.set(status as string, sum)
      const bucket = Math.floor(((at as number) + shift) / HOUR)
      const key = `${bucket} ${status as string}`
      const hour = hours.get(key)
      if (hour) {
        hour.orders += 1
        hour.cents += cents as number
      } else hours.set(key, { bucket, status: status as string, orders: 1, cents: cents as number })
    }
    if (batch.length === batchSize) await room()
  }
  const totals = listStatuses().flatMap((s) => {
    const sum = sums.get(s.id)
    return sum ? [{ status: s.name, orders: sum.orders, commission: sum.cents / 100 }] : []
  })
  return { totals, chart: chartOf(hours.values(), f, shift) }
}

// ---------------------------------------------------------------------------------------------
// Charts: the report's orders per day by status and commission per week, over its filtered set

const HOUR = 3_600_000

/**
 * What moves creation times so that every whole hour of the sum lies within one business day:
 * the business zone's offset within the hour (0 for whole-hour zones, 30 minutes for India's)
 * at the range's start. (A zone whose offset changes by other than whole hours within the range,
 * Lord Howe's half-hour summer time, may count an order of the half hour after midnight on the
 * day before; no business of this app is there.)
 */
function hourShift(f: ReportFilters) {
  const midnight = businessDayStart(f.from).getTime()
  return (((HOUR - (midnight % HOUR)) % HOUR) + HOUR) % HOUR
}

/** Tallies per hour and status as tallies per business day, each hour on its day. */
function dayTallies(
  hours: Iterable<{ bucket: number; status: string; orders: number; cents: number }>,
  shift: number,
) {
  return talliesByDay(hours, (bucket) => businessDate(new Date(bucket * HOUR - shift)))
}

/** Tallies per hour and status as the chart. */
function chartOf(
  hours: Iterable<{ bucket: number; status: string; orders: number; cents: number }>,
  f: ReportFilters,
  shift: number,
) {
  return buildReportChart(dayTallies(hours, shift), f, listStatuses())
}

/**
 * The report's orders and commission (cents) per hour and status: the report's filtered set
 * (reportWhere), grouped by SQLite; raw values in this order. Read on an index that holds all it
 * needs (`chartIndex`), the products joined only for a filter on them.
 */
function chartQuery(viewer: Viewer, f: ReportFilters, shift: number) {
  return builtOnce(['chart', viewer.id, viewer.role, f, shift], () =>
    buildChartQuery(viewer, f, shift),
  )
}

function buildChartQuery(viewer: Viewer, f: ReportFilters, shift: number) {
  const query = db
    .select({
      bucket: sql<number>`cast((${orders.createdAt} + ${shift}) / ${HOUR} as integer)`,
      status: orders.statusId,
      orders: sql<number>`count(*)`,
      cents: sql<number>`coalesce(sum(${orders.commission}), 0)`,
    })
    .from(orders)
  const joined =
    f.manager !== undefined || f.chineseSeller !== undefined
      ? query.innerJoin(products, eq(products.id, orders.productId))
      : query
  const { sql: text, params } = joined
    .where(reportWhere(viewer, f))
    .groupBy(sql`1`, sql`2`)
    .toSQL()
  const from = ' from "orders" '
  if (!text.includes(from)) throw new Error('The chart query no longer reads "orders".')
  return { sql: text.replace(from, `${from}indexed by "${chartIndex(viewer, f)}" `), params }
}

/**
 * The index the charts' aggregate reads (migration 0022): each holds the creation time, the status
 * and the commission after what picks the viewer's orders, so no order row is read. One
 * marketer's orders (a pm's, or the Marketer filter); a pmm's by product; anyone's by creation
 * time. The rows' keyset indexes read every order of the range for a pmm, each order's row too:
 * 90-320 ms for the heavy pmm's 100,000 orders at scale 1.
 */
function chartIndex(viewer: Viewer, f: ReportFilters) {
  if (marketerOf(viewer, f) !== undefined) return 'orders_user_chart_idx'
  return viewer.role === 'pmm' ? 'orders_product_chart_idx' : 'orders_chart_idx'
}

/**
 * The report page's charts: its orders per day by status and its commission per week, for the
 * same filters and viewer as its rows and count (a long range per week or month, see
 * buildReportChart). A reversed range has no days.
 */
export function reportChart(viewer: Viewer, f: ReportFilters): ReportChart {
  const statuses = listStatuses()
  if (f.from > f.to) return buildReportChart([], f, statuses)
  const days = rememberedTallies(viewer, f)
  // Built again only from other tallies, days or statuses (the lookups answer the same array
  // until the statuses change).
  const key = `${f.from} ${f.to}`
  const known = built.get(days)
  if (known?.key === key && known.statuses === statuses) return known.chart
  const chart = buildReportChart(days, f, statuses)
  built.set(days, { key, statuses, chart })
  return chart
}

// The charts built from remembered tallies (dropped with them).
const built = new WeakMap<
  DayTally[],
  { key: string; statuses: ReturnType<typeof listStatuses>; chart: ReportChart }
>()

/**
 * The report's tallies per day and status, read again only after a write to what they read
 * (`rowsOnce`, as the report's count is remembered): a report page opened
 * again, or another page of it, costs no aggregate.
 */
function rememberedTallies(viewer: Viewer, f: ReportFilters) {
  const shift = hourShift(f)
  const query = chartQuery(viewer, f, shift)
  return rowsOnce({
    toSQL: () => query,
    all: () =>
      dayTallies(
        prepareRaw(query)().map(([bucket, status, n, cents]) => ({
          bucket: bucket as number,
          status: status as string,
          orders: n as number,
          cents: cents as number,
        })),
        shift,
      ),
  })
}

/** The chart's statement and values as SQLite gets them (the plan test reads its plan). */
export function reportChartSql(viewer: Viewer, f: ReportFilters) {
  return chartQuery(viewer, f, hourShift(f))
}

/** Days a dashboard's chart covers: the last 30, today included. */
export const DASHBOARD_CHART_DAYS = 30

/** A dashboard's chart: the viewer's orders (as the report shows them) of the last 30 days. */
export function dashboardChart(viewer: Viewer, now = new Date()) {
  const today = businessDate(now)
  return reportChart(viewer, { from: addDays(today, 1 - DASHBOARD_CHART_DAYS), to: today })
}

/** A totals batch's statement and values as SQLite gets them (the plan test reads its plan). */
export function reportTotalsBatchSql(viewer: Viewer, f: ReportFilters) {
  const { sql: text, params } = totalsQuery(viewer, f, TOTALS_BATCH)
  return {
    sql: text,
    params: fillPlaceholders(params, { at: businessDayStart(f.from).getTime(), id: 0 }),
  }
}

/**
 * The filters' choices for this viewer: every status and Chinese seller; managers and marketers as
 * permissions say (everyone, or the people of the orders the viewer may see), live ones, by name.
 */
export function reportFilterChoices(viewer: Viewer & Pick<User, 'name'>) {
  const pick = (rows: ReadonlyArray<{ id: number | string; name: string }>) =>
    rows.map((r) => ({ id: r.id, name: r.name }))
  const statuses = pick(listStatuses())
  const sellers = pick(listChineseSellers())
  if (reportChoicesAmongEveryone(viewer)) {
    return { statuses, managers: listManagers(), marketers: listMarketers(), sellers }
  }
  // A pm sees their own orders: the managers of those orders' products, and themself. A pmm sees
  // the orders on their products: themself, and the marketers of those orders.
  const pm = seesOwnOrdersOnly(viewer)
  const people = pm ? managersOfMarketer(viewer.id) : marketersOfManager(viewer.id)
  const self = [{ id: viewer.id, name: viewer.name }]
  return {
    statuses,
    managers: pm ? people : self,
    marketers: pm ? self : people,
    sellers,
  }
}

type Person = { id: number; name: string }

/**
 * The people of a set of orders are found by skipping through an index, one seek per distinct
 * value (a recursive query: the next value above the last one found), not by reading the orders:
 * a pmm with 100,000 orders on 100 products has a few hundred seeks to do instead of 100,000 rows
 * (46 ms, and 98 ms for the pm who made them, at BENCH_SCALE=10). Live people only, by name;
 * `cross join` keeps SQLite from reading every user by name first.
 */
const PEOPLE_SQL = {
  // The marketers of the orders on a manager's products: per product, each marketer in turn
  // (orders_product_user_updated_idx).
  marketersOfManager: `
    with recursive seen(product, person) as (
      select p.id, (select o.user_id from orders o where o.product_id = p.id order by o.user_id limit 1)
        from products p where p.owner_id = @user
      union all
      select product, (select o.user_id from orders o where o.product_id = seen.product and o.user_id > seen.person order by o.user_id limit 1)
        from seen where person is not null
    )
    select distinct u.id, u.name from seen cross join users u on u.id = seen.person
    where u.deleted_at is null order by u.name, u.id`,
  // The managers of a marketer's orders: each product of those orders in turn
  // (orders_user_product_idx), then its owner.
  managersOfMarketer: `
    with recursive seen(product) as (
      select (select o.product_id from orders o where o.user_id = @user order by o.product_id limit 1)
      union all
      select (select o.product_id from orders o where o.user_id = @user and o.product_id > seen.product order by o.product_id limit 1)
        from seen where product is not null
    )
    select distinct u.id, u.name from seen cross join products p on p.id = seen.product
      cross join users u on u.id = p.owner_id
    where u.deleted_at is null order by u.name, u.id`,
}
/** Read again only after a write to what the query reads (`onceUntilWritten`), as counts are. */
function people(which: keyof typeof PEOPLE_SQL, userId: number): Person[] {
  return onceUntilWritten(
    'rows',
    PEOPLE_SQL[which],
    [userId],
    () => preparedOnce(PEOPLE_SQL[which], 'objects').all({ user: userId }) as Person[],
  )
}
const marketersOfManager = (id: number) => people('marketersOfManager', id)
const managersOfMarketer = (id: number) => people('managersOfMarketer', id)

/** The filters in words, for the PDF's heading: names instead of ids, 'All' when not set. */
export function describeReportFilters(viewer: Viewer & Pick<User, 'name'>, f: ReportFilters) {
  // The people are looked up only when a person is chosen: for a pmm with 100,000 orders that
  // read costs a third of a second, before the PDF's first page.
  const choices =
    f.manager === undefined && f.marketer === undefined
      ? { statuses: listStatuses(), managers: [], marketers: [], sellers: listChineseSellers() }
      : reportFilterChoices(viewer)
  const nameOf = (
    rows: ReadonlyArray<{ id: number | string; name: string }>,
    id: number | string | undefined,
  ) => (id === undefined ? 'All' : (rows.find((r) => r.id === id)?.name ?? 'All'))
  return [
    `Status: ${nameOf(choices.statuses, f.status)}`,
    `Manager: ${nameOf(choices.managers, f.manager)}`,
    `Marketer: ${nameOf(choices.marketers, f.marketer)}`,
    `Chinese Seller: ${nameOf(choices.sellers, f.chineseSeller)}`,
    `Order dates: ${f.from} to ${f.to}`,
  ].join('  ·  ')
}

// ---------------------------------------------------------------------------------------------
// How many reports are written at once

/** At most 2 reports running per user, 4 per server process (product decision, 2026-11-25). */
export const REPORT_LIMITS = { perUser: 2, perProcess: 4 } as const
export const REPORT_BUSY_MESSAGE =
  'A report is already being prepared. Please wait for it to finish.'

/** Whether a process still runs (EPERM: it does, as another user's). */
function alive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Takes a place for one report of `viewer` in this process, or refuses ('throttled') when the
 * viewer already has their reports running (in any process of the cluster) or this process has its
 * pool full. The places are rows of report_exports, so every process counts the same ones; the
 * rows of a process that died mid-report are dropped here (and by the primary when a worker exits,
 * and all of them at start). `release` gives the place back; calling it again does nothing.
 */
export function startReportExport(
  viewer: Viewer,
  pid = process.pid,
): Result<{ release: () => void }> {
  const id = db.transaction(
    (tx) => {
      const pids = tx
        .selectDistinct({ pid: reportExports.pid })
        .from(reportExports)
        .all()
        .map((r) => r.pid)
      const gone = pids.filter((p) => p !== pid && !alive(p))
      if (gone.length) tx.delete(reportExports).where(inArray(reportExports.pid, gone)).run()
      const count = (where: SQL) =>
        tx
          .select({ n: sql<number>`count(*)` })
          .from(reportExports)
          .where(where)
          .get()?.n ?? 0
      if (count(eq(reportExports.userId, viewer.id)) >= REPORT_LIMITS.perUser) return undefined
      if (count(eq(reportExports.pid, pid)) >= REPORT_LIMITS.perProcess) return undefined
      return tx
        .insert(reportExports)
        .values({ userId: viewer.id, pid })
        .returning({ id: reportExports.id })
        .get().id
    },
    { behavior: 'immediate' },
  )
  if (id === undefined) return fail('throttled', REPORT_BUSY_MESSAGE)
  let released = false
  return ok({
    release: () => {
      if (released) return
      released = true
      db.delete(reportExports).where(eq(reportExports.id, id)).run()
    },
  })
}

/** Drops the places of a process that ended (all of them without `pid`: at start). */
export function releaseReportExports(pid?: number) {
  db.delete(reportExports)
    .where(pid === undefined ? undefined : eq(reportExports.pid, pid))
    .run()
}

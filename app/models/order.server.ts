import { aliasedTable, and, desc, eq, sql, type SQL } from 'drizzle-orm'
import { db } from '../../db/client'
import {
  markets,
  orders,
  orderStatuses,
  orderStatusHistory,
  products,
  reservations,
  users,
} from '../../db/schema'
import type { AnySQLiteColumn, SelectedFields, SQLiteSelectBase } from 'drizzle-orm/sqlite-core'
import type { RunResult } from 'better-sqlite3'
import type { OrderListFilters, OrderSort, SortDirection } from '~/schemas/list-queries'
import { businessDate } from '~/core/business-day.server'
import type { NewOrderInput, OrderUpdateInput } from '~/validation/order'
import {
  everyRow,
  inIdOrder,
  paginateTable,
  rowsOnce,
  sortedOrder,
  type Page,
} from './paginate.server'
import {
  can,
  seesOwnOrdersOnly,
  statusChoicesFor,
  type OrderParties,
  type OrderPictureKind,
} from './permissions'
import {
  PictureError,
  pictureUrls,
  preparePicture,
  writeWithPictures,
  type PictureUrls,
} from './picture.server'
import { remembered } from './lookup.server'
import { rowDecoder } from './row-decoder.server'
import { activeReservation, quotaMomentOn, remainders } from './product.server'
import { LATE_ORDER_HOURS } from './reservation.server'
import { fail, failFields, ok, type Result } from '~/core/result'
import { indexedContains } from './search.server'
import { normaliseEmail, SCAMMER_BLOCKED_MESSAGE, scammerListed } from './scammer.server'
import type { User } from './user.server'
import { writeAs } from './write.server'
import { idempotent, type Remember } from './idempotency.server'

type Viewer = Pick<User, 'id' | 'role'>

export const ORDER_MESSAGES = {
  onlyMarketers: 'Only marketers can create orders.',
  noReservation: (pId: number) =>
    `You have no active reservation for product ${pId}. Reserve it first, then create the order.`,
  lateTooLate: (pId: number) =>
    `Your reservation for product ${pId} expired more than 24 hours ago, so its order can no longer be recorded. Reserve the product again to record a new order.`,
  lateDisabled: (pId: number) =>
    `Product ${pId} is disabled, so this late order cannot be recorded.`,
  lateDayFull: (pId: number, day: string) =>
    `Product ${pId} has no unit left for ${day}, the day of your reservation (its daily sale limit is reached), so this late order cannot be recorded.`,
  lateTotalFull: (pId: number) =>
    `Product ${pId} has reached its overall sale limit, so this late order cannot be recorded.`,
  duplicateNumber: 'This order number is already used in this market.',
  unknownMarket: 'This market does not exist.',
  created: 'Order created successfully.',
  notFound: 'No such order.',
  ambiguousNumber: 'Several orders have this order number; please send the market too.',
  updated: 'Order updated successfully.',
  statusUpdated: 'Status updated successfully.',
  statusNotYours: 'You cannot choose this status.',
  notAllowed: 'You are not allowed to change this order.',
  pictureNotAllowed: 'You are not allowed to upload this picture.',
  pictureUpdated: (kind: OrderPictureKind) => `Picture updated successfully for ${kind}`,
  reopenDisabled: (pId: number) =>
    `Product ${pId} is disabled, so this order cannot leave Cancelled: it would take a unit again.`,
  reopenDayFull: (pId: number, day: string) =>
    `Product ${pId} has no unit left for ${day}, the day of this order (its daily sale limit is reached), so this order cannot leave Cancelled.`,
  reopenTotalFull: (pId: number) =>
    `Product ${pId} has reached its overall sale limit, so this order cannot leave Cancelled.`,
} as const

/** Statuses in display order, from the fixed rows (kept in memory like the other lookups). */
export const listStatuses = remembered(orderStatuses, () =>
  db.select().from(orderStatuses).orderBy(orderStatuses.sortOrder).all(),
)

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
  const rows = rowsOnce(
    db
      .select({ statusId: orders.statusId, n: sql<number>`count(*)` })
      .from(orders)
      .where(orderVisibility(user))
      .groupBy(orders.statusId),
  )
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
export type Tx = Pick<typeof db, 'select' | 'insert' | 'update'>

/**
 * Writes an order row and its first history entry. The rules for creating orders (reservation,
 * scammer list) live in the functions that call this one.
 */
type OrderInsert = Omit<NewOrderRow, 'orderNumberKey' | 'quotaAt'> & { quotaAt?: Date }

export function insertOrder(row: OrderInsert, changedBy: number) {
  return db.transaction((tx) => writeOrder(tx, row, changedBy))
}

/** Without a reservation behind it (seed, tests), an order's unit belongs to its creation's day. */
function writeOrder(tx: Tx, row: OrderInsert, changedBy: number) {
  {
    const quotaAt = row.quotaAt ?? row.createdAt ?? new Date()
    const order = tx
      .insert(orders)
      .values({ ...row, quotaAt, orderNumberKey: row.orderNumber.trim().toLowerCase() })
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
  }
}

/** The key that makes an order number unique within its market: trimmed, any letter case. */
export const orderNumberKey = (orderNumber: string) => orderNumber.trim().toLowerCase()

function numberTaken(tx: Tx, marketId: number, orderNumber: string, exceptId?: number) {
  const row = tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.marketId, marketId), eq(orders.orderNumberKey, orderNumberKey(orderNumber))),
    )
    .get()
  return Boolean(row && row.id !== exceptId)
}

const marketExists = (tx: Tx, id: number) =>
  Boolean(tx.select({ id: markets.id }).from(markets).where(eq(markets.id, id)).get())

type OrderableReservation = {
  id: number
  productId: number
  commission: number
  /** The unit's moment: the order's unit belongs to this reservation's business day. */
  createdAt: Date
}

const reservationColumns = {
  id: reservations.id,
  productId: products.id,
  commission: products.commission,
  createdAt: reservations.createdAt,
}

/**
 * The reservation of this pm on a product (by pId) that may become its order, with the product's
 * commission: the active one; else, a late order, the latest that expired (never released nor
 * ordered) less than 24 hours ago, when the product is still published and has a unit left under
 * both limits on that reservation's business day (an expired reservation counts no unit, so the
 * order takes one again; the caller's transaction makes the check and the take one step).
 */
function reservationForOrder(
  tx: Tx,
  userId: number,
  pId: number,
  now: Date,
): Result<{ reservation: OrderableReservation }> {
  const mine = and(eq(products.pId, pId), eq(reservations.userId, userId))
  const held = tx
    .select(reservationColumns)
    .from(reservations)
    .innerJoin(products, eq(products.id, reservations.productId))
    .where(and(mine, activeReservation(now.getTime())))
    .get()
  if (held) return ok({ reservation: held })
  const expired = tx
    .select({ ...reservationColumns, expiresAt: reservations.expiresAt })
    .from(reservations)
    .innerJoin(products, eq(products.id, reservations.productId))
    .where(
      and(
        mine,
        eq(reservations.status, 'active'),
        sql`${reservations.expiresAt} <= ${now.getTime()}`,
      ),
    )
    .orderBy(desc(reservations.expiresAt))
    .get()
  const refuse = (message: string) => failFields('conflict', { pId: [message] })
  if (!expired) return refuse(ORDER_MESSAGES.noReservation(pId))
  if (expired.expiresAt.getTime() <= now.getTime() - LATE_ORDER_HOURS * 3_600_000) {
    return refuse(ORDER_MESSAGES.lateTooLate(pId))
  }
  const day = businessDate(expired.createdAt)
  const product = tx
    .select({
      status: products.status,
      ...remainders(sql`${products.id}`, quotaMomentOn(day, now)),
    })
    .from(products)
    .where(eq(products.id, expired.productId))
    .get()
  if (!product || product.status !== 'published') return refuse(ORDER_MESSAGES.lateDisabled(pId))
  if (product.totalRemaining <= 0) return refuse(ORDER_MESSAGES.lateTotalFull(pId))
  if (product.todayRemaining <= 0) return refuse(ORDER_MESSAGES.lateDayFull(pId, day))
  const { expiresAt: _, ...reservation } = expired
  return ok({ reservation })
}

/** A picture through the pipeline, or the field error that says why it was refused. */
async function preparedPictures(
  viewer: Viewer,
  files: Partial<Record<string, File>>,
): Promise<Result<{ prepared: Record<string, Awaited<ReturnType<typeof preparePicture>>> }>> {
  const prepared: Record<string, Awaited<ReturnType<typeof preparePicture>>> = {}
  const fieldErrors: Record<string, string[]> = {}
  for (const [field, file] of Object.entries(files)) {
    if (!file) continue
    try {
      prepared[field] = await preparePicture(file, { kind: 'order', uploadedBy: viewer.id })
    } catch (error) {
      if (!(error instanceof PictureError)) throw error
      fieldErrors[field] = [error.message]
    }
  }
  return Object.keys(fieldErrors).length ? failFields('invalid', fieldErrors) : ok({ prepared })
}

/**
 * A marketer records an order. Refused, with nothing stored: anyone but a pm; a customer email on
 * the Scammer PayPal list; an unknown market; no active reservation by this pm on the product; an
 * order number already used in that market (trimmed, any case); a file that is not a picture.
 * The checks and the writes are one IMMEDIATE transaction: the reservation becomes the order (its
 * unit moves to the order), so two creations at once make one order.
 */
export async function createOrder(
  viewer: Viewer,
  input: NewOrderInput,
  now = new Date(),
  idempotencyKey?: string | null,
): Promise<Result<{ message: string; order: typeof orders.$inferSelect; replayed?: true }>> {
  if (!can.createOrder(viewer)) return fail('forbidden', ORDER_MESSAGES.onlyMarketers)
  // Sent again with its key (the outbox's retry, a double submit): the first answer, once.
  return idempotent(
    viewer,
    { key: idempotencyKey, scope: 'order.create', body: input },
    (stored) => {
      const { message, orderId } = stored as { message: string; orderId: number }
      const order = db.select().from(orders).where(eq(orders.id, orderId)).get()
      return order ? ok({ message, order }) : fail('not_found', ORDER_MESSAGES.notFound)
    },
    (remember) => recordOrder(viewer, input, now, remember),
    now.getTime(),
  )
}

async function recordOrder(
  viewer: Viewer,
  input: NewOrderInput,
  now: Date,
  remember: Remember,
): Promise<Result<{ message: string; order: typeof orders.$inferSelect }>> {
  const checks = (tx: Tx): Result<{ reservation: OrderableReservation }> => {
    if (scammerListed(input.paypal, tx)) {
      return failFields('conflict', { paypal: [SCAMMER_BLOCKED_MESSAGE] })
    }
    if (!marketExists(tx, input.market)) {
      return failFields('invalid', { market: [ORDER_MESSAGES.unknownMarket] })
    }
    const orderable = reservationForOrder(tx, viewer.id, input.pId, now)
    if (!orderable.ok) return orderable
    const { reservation } = orderable
    if (numberTaken(tx, input.market, input.orderNumber)) {
      return failFields('conflict', { orderNumber: [ORDER_MESSAGES.duplicateNumber] })
    }
    return ok({ reservation })
  }
  // Cheap checks first, so a refused order does not decode its pictures.
  const early = db.transaction(checks)
  if (!early.ok) return early
  const pictures = await preparedPictures(viewer, {
    orderScreenshot: input.orderScreenshot,
    refundScreenshot: input.refundScreenshot,
  })
  if (!pictures.ok) return pictures
  // Rechecked inside the write: the reservation may have gone, or the email been listed, meanwhile.
  return writeWithPictures(viewer, pictures.prepared, (tx, ids) => {
    const checked = checks(tx)
    if (!checked.ok) return checked
    const { reservation } = checked
    const order = writeOrder(
      tx,
      {
        orderNumber: input.orderNumber,
        productId: reservation.productId,
        marketId: input.market,
        userId: viewer.id,
        customerEmail: input.paypal,
        buyerContact: input.buyerContact,
        remark: input.remark,
        statusId: 'ordered',
        commission: reservation.commission,
        orderPictureId: ids.orderScreenshot,
        refundPictureId: ids.refundScreenshot ?? null,
        createdAt: now,
        updatedAt: now,
        quotaAt: reservation.createdAt,
      },
      viewer.id,
    )
    tx.update(reservations)
      .set({ status: 'ordered', endedAt: now })
      .where(eq(reservations.id, reservation.id))
      .run()
    remember(tx, { message: ORDER_MESSAGES.created, orderId: order.id })
    return ok({ message: ORDER_MESSAGES.created, order })
  })
}

// ---------------------------------------------------------------------------------------------
// Reading orders

/** An order's marketer (who made it) and manager (who owns its product), as `ordersWith` names them. */
export const marketer = aliasedTable(users, 'marketer')
export const manager = aliasedTable(users, 'manager')

/** A select over `ordersWith`'s tables, each joined inner (so none of its fields is null). */
type OrdersWith<Fields extends SelectedFields> = SQLiteSelectBase<
  'orders',
  'sync',
  RunResult,
  Fields,
  'partial',
  Record<'orders' | 'marketer' | 'products' | 'manager' | 'markets' | 'order_statuses', 'not-null'>
>

/**
 * Orders with what a row about one shows: its marketer, its product and that product's manager,
 * its market and its status (the lists, the detail and the report read these).
 */
export function ordersWith<Fields extends SelectedFields>(fields: Fields): OrdersWith<Fields> {
  // Drizzle cannot type joins on a select generic in its fields; the type above is what these
  // inner joins give.
  return db
    .select(fields as SelectedFields)
    .from(orders)
    .innerJoin(marketer, eq(marketer.id, orders.userId))
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(manager, eq(manager.id, products.ownerId))
    .innerJoin(markets, eq(markets.id, orders.marketId))
    .innerJoin(
      orderStatuses,
      eq(orderStatuses.id, orders.statusId),
    ) as unknown as OrdersWith<Fields>
}

export type OrderView = {
  id: number
  orderNumber: string
  marketer: { id: number; name: string }
  product: { id: number; pId: number; brandName: string; ownerId: number; ownerName: string }
  market: { id: number; name: string; shortName: string }
  customerEmail: string
  buyerContact: string
  remark: string
  status: { id: string; name: string }
  /** In currency units, copied from the product when the order was made. */
  commission: number
  createdAt: Date
  updatedAt: Date
  refundDate: Date | null
  pictures: Record<OrderPictureKind, PictureUrls | null>
}

const ORDER_FIELDS = {
  order: orders,
  marketerName: marketer.name,
  pId: products.pId,
  brandName: products.brandName,
  ownerId: products.ownerId,
  ownerName: manager.name,
  market: { id: markets.id, name: markets.name, shortName: markets.shortName },
  statusName: orderStatuses.name,
}

function orderRows(where: SQL | undefined) {
  return ordersWith(ORDER_FIELDS).where(where)
}

type OrderRow = ReturnType<ReturnType<typeof orderRows>['all']>[number]

function toOrderView(row: OrderRow): OrderView {
  const o = row.order
  return {
    id: o.id,
    orderNumber: o.orderNumber,
    marketer: { id: o.userId, name: row.marketerName },
    product: {
      id: o.productId,
      pId: row.pId,
      brandName: row.brandName,
      ownerId: row.ownerId,
      ownerName: row.ownerName,
    },
    market: row.market,
    customerEmail: o.customerEmail,
    buyerContact: o.buyerContact,
    remark: o.remark,
    status: { id: o.statusId, name: row.statusName },
    commission: o.commission / 100,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    refundDate: o.refundDate,
    pictures: {
      order: pictureUrls(o.orderPictureId),
      refund: pictureUrls(o.refundPictureId),
      review: pictureUrls(o.reviewPictureId),
    },
  }
}

export type OrderQuery = OrderListFilters & {
  completed?: boolean
  orderId?: number
  market?: number
}

/**
 * The trigram indexes of the orders' numbers and of their emails (migration 0025). A part up to
 * 20,000 orders hold is read in them: a manager's list comes from each of their products and is
 * sorted whole, so reading it along its index meant reading every order of theirs (a heavy
 * manager's part held by 5,000 orders: 45 ms that way, 1.2 ms in the index, 10x data,
 * docs/performance.md).
 */
const NUMBER_SEARCH = { table: 'orders_number_search', selectiveBelow: 20_000 }
const EMAIL_SEARCH = { table: 'orders_email_search', selectiveBelow: 20_000 }

/**
 * A selective part more orders hold than this is read along an admin's list's own index, each
 * order there checked against the part's matches, rather than reading the matches and sorting
 * them: the page's 25 are met within a few thousand index entries (a pm's or a manager's list
 * holds only some of the matches, and could be read whole to meet them). An admin's part that
 * 4,300 of 1.1 M orders hold: 5.4 ms sorted, 2.6 ms along the index (10x data, performance
 * ledger 54).
 */
const SORTED_UP_TO = 2000

/**
 * The list's searches by a part of the customer email and of the order number: in the column's
 * trigram index when the part is selective, else along the list's index.
 */
function orderSearches(f: OrderQuery) {
  const email = indexedContains(f.customerEmail, EMAIL_SEARCH, orders.id, orders.customerEmail)
  const number = f.orderNumber
    ? indexedContains(
        orderNumberKey(f.orderNumber),
        NUMBER_SEARCH,
        orders.id,
        orders.orderNumberKey,
      )
    : undefined
  return [email, number].filter((s) => s !== undefined)
}

function orderFilterWhere(
  viewer: Viewer,
  f: OrderQuery,
  searches: ReturnType<typeof orderSearches>,
): SQL[] {
  const where: SQL[] = []
  const visible = orderVisibility(viewer)
  if (visible) where.push(visible)
  if (f.completed) where.push(eq(orders.statusId, 'commission'))
  if (f.status) where.push(eq(orders.statusId, f.status))
  if (f.orderId) where.push(eq(orders.id, f.orderId))
  if (f.yearly) where.push(sql`${orders.updatedAt} < ${oneYearBefore().getTime()}`)
  if (f.market) where.push(eq(orders.marketId, f.market))
  if (f.searchById) {
    where.push(
      sql`${orders.productId} in (select ${products.id} from ${products} where ${products.pId} = ${f.searchById})`,
    )
  }
  for (const search of searches) where.push(search.where)
  return where
}

/**
 * The keys of each order list sort: the column, then the last change where the column repeats a
 * lot (a status, a marketer), then the id. Status ids sort as their names do (ordered < pending).
 * Each is read on an index in that order (migrations 0009 and 0015): among every order (an admin,
 * a pmm: their products' orders are picked out as the index is read, as decision 065 does for
 * reports) and among a pm's own.
 */
const ORDER_SORT_KEYS: Record<
  OrderSort,
  { keys: AnySQLiteColumn[]; every: string; own: string; byProduct: string }
> = {
  updatedAt: {
    keys: [orders.updatedAt, orders.id],
    every: 'orders_updated_idx',
    own: 'orders_user_updated_idx',
    byProduct: 'orders_product_updated_idx',
  },
  orderNumber: {
    keys: [orders.orderNumberKey, orders.id],
    every: 'orders_number_idx',
    own: 'orders_user_number_idx',
    byProduct: 'orders_product_number_idx',
  },
  sellerId: {
    keys: [orders.userId, orders.updatedAt, orders.id],
    every: 'orders_user_updated_idx',
    own: 'orders_user_updated_idx',
    byProduct: 'orders_product_user_updated_idx',
  },
  commission: {
    keys: [orders.commission, orders.id],
    every: 'orders_commission_idx',
    own: 'orders_user_commission_idx',
    byProduct: 'orders_product_commission_idx',
  },
  status: {
    keys: [orders.statusId, orders.updatedAt, orders.id],
    every: 'orders_status_idx',
    own: 'orders_user_status_updated_idx',
    byProduct: 'orders_product_status_updated_idx',
  },
}

/** An order list's order: the column asked for (default: last change first), then its keys. */
export function orderListOrder(f: { sort?: OrderSort; dir?: SortDirection }) {
  return sortedOrder(f, 'updatedAt', (sort) => ORDER_SORT_KEYS[sort].keys)
}

/**
 * The index an order list's page is read on, named so that statistics (or their absence for a
 * new index) cannot make SQLite collect the list and sort it. A product's orders (the Product ID
 * search) are few: SQLite finds them by product and sorts them itself.
 */
function orderListIndex(
  viewer: Viewer,
  f: OrderQuery,
  searches: ReturnType<typeof orderSearches>,
): string | undefined {
  // A product, or a part few orders hold: those orders are read, then put in order. Where the
  // list holds every order (an admin's), a part many hold is met along the list's index.
  const everyOrder = orderVisibility(viewer) === undefined
  const sorted = (s: (typeof searches)[number]) =>
    s.selective && (!everyOrder || s.matches < SORTED_UP_TO)
  if (f.searchById || searches.some(sorted)) return undefined
  const sort = f.sort ?? 'updatedAt'
  const oneStatus = Boolean(f.status || f.completed)
  if (seesOwnOrdersOnly(viewer)) {
    return oneStatus && sort === 'updatedAt'
      ? 'orders_user_status_updated_idx'
      : ORDER_SORT_KEYS[sort].own
  }
  // A pmm's orders are those of their products: read per product on an index that covers the
  // sort, and the page's rows picked from them (SQLite keeps only the top ones as it reads).
  // Reading every order in the sort's order instead read up to a million index entries for a
  // page (220 ms at BENCH_SCALE=10) when the pmm's orders were at the other end.
  if (!everyOrder) return ORDER_SORT_KEYS[sort].byProduct
  return oneStatus && sort === 'updatedAt' ? 'orders_status_idx' : ORDER_SORT_KEYS[sort].every
}

/**
 * One page of the orders a viewer may see (a pm their own, a pmm those on their products, an admin
 * all), newest change first or by the column asked for, with the list's filters. `completed`
 * narrows to status Commission.
 */
export function listOrders(viewer: Viewer, filters: OrderQuery): Result<Page<OrderView>> {
  return ok(paginateTable(filters.page, orderList(viewer, filters), orderViews))
}

/** An order list's table, conditions and order: what its pages and its export read. */
export function orderList(viewer: Viewer, filters: OrderQuery) {
  const searches = orderSearches(filters)
  return {
    table: orders,
    where: and(...orderFilterWhere(viewer, filters, searches)),
    order: orderListOrder(filters),
    index: orderListIndex(viewer, filters, searches),
  }
}

/**
 * Every order of a list (the same viewer, filters and order as its pages; all pages), read in
 * keyset batches: what the list's Export (CSV) writes.
 */
export function* listOrdersForExport(viewer: Viewer, filters: OrderQuery): Generator<OrderView> {
  yield* everyRow(orderList(viewer, filters), orderViews)
}

/** The orders of a page or an export batch, in the ids' order. */
const orderViews = (_onPage: SQL, _order: SQL[], ids: number[]) => pageRows(ids).map(toOrderView)

/**
 * The rows of orders by their ids, in the ids' order: one statement prepared once, its values
 * decoded column by column (`rowDecoder`).
 */
const pageRows = (() => {
  let statement: { values: (values: { ids: string }) => unknown[][] } | undefined
  const decode = rowDecoder<OrderRow>(ORDER_FIELDS)
  return (ids: number[]) => {
    statement ??= orderRows(
      sql`${orders.id} in (select value from json_each(${sql.placeholder('ids')}))`,
    ).prepare()
    const rows = statement.values({ ids: JSON.stringify(ids) }).map(decode)
    return inIdOrder(ids, rows, (row) => row.order.id)
  }
})()

/** One order, if the viewer may see it (anyone else: not_found, as if it did not exist). */
export function getOrder(viewer: Viewer, orderId: number): Result<{ order: OrderView }> {
  const row = orderRows(eq(orders.id, orderId)).get()
  if (!row || !can.seeOrder(viewer, parties(row.order.userId, row.ownerId))) {
    return fail('not_found', ORDER_MESSAGES.notFound)
  }
  return ok({ order: toOrderView(row) })
}

const parties = (userId: number, productOwnerId: number): OrderParties => ({
  userId,
  productOwnerId,
})

/** Every status change of an order, newest first (creation is the first entry, from nothing). */
export function statusHistory(orderId: number) {
  const names = new Map(listStatuses().map((s) => [s.id, s.name]))
  return db
    .select({
      id: orderStatusHistory.id,
      by: users.name,
      fromId: orderStatusHistory.fromStatusId,
      toId: orderStatusHistory.toStatusId,
      at: orderStatusHistory.changedAt,
    })
    .from(orderStatusHistory)
    .innerJoin(users, eq(users.id, orderStatusHistory.changedBy))
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(desc(orderStatusHistory.changedAt), desc(orderStatusHistory.id))
    .all()
    .map(({ fromId, toId, ...row }) => ({
      ...row,
      from: fromId ? (names.get(fromId) ?? fromId) : null,
      to: names.get(toId) ?? toId,
    }))
}

// ---------------------------------------------------------------------------------------------
// Changing orders

/**
 * The API names orders by their number (spec section 7). A number is unique only within its
 * market, so when the viewer sees several orders with it, the market must be named too.
 */
export function findOrderByNumber(
  viewer: Viewer,
  orderNumber: string,
  marketId?: number,
): Result<{ orderId: number }> {
  const rows = db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        orderVisibility(viewer),
        eq(orders.orderNumberKey, orderNumberKey(orderNumber)),
        marketId ? eq(orders.marketId, marketId) : undefined,
      ),
    )
    .limit(2)
    .all()
  if (rows.length === 0) return fail('not_found', ORDER_MESSAGES.notFound)
  if (rows.length > 1) return fail('invalid', ORDER_MESSAGES.ambiguousNumber)
  return ok({ orderId: rows[0]!.id })
}

/** The status rows a viewer may choose (spec section 6). */
export function statusChoices(viewer: Viewer) {
  return statusChoicesFor(viewer.role, listStatuses())
}

/**
 * The edit form's status choices: the viewer's own and the order's current one, since updateOrder
 * accepts an unchanged status whoever set it.
 */
export function editStatusChoices(viewer: Viewer, current: { id: string; name: string }) {
  const own = statusChoices(viewer).map((s) => ({ id: s.id, name: s.name }))
  return own.some((s) => s.id === current.id) ? own : [current, ...own]
}

/**
 * A Cancelled order holds no unit (the quota counts every order that is not Cancelled): leaving
 * Cancelled takes one again, under the rules a new order meets on the order's business day, in
 * the same transaction as the change. The refusal names the limit, or undefined when a unit is free.
 */
function reopenRefusal(tx: Tx, order: OrderForChange, now: Date): string | undefined {
  const day = businessDate(order.quotaAt)
  const product = tx
    .select({
      pId: products.pId,
      status: products.status,
      ...remainders(sql`${products.id}`, quotaMomentOn(day, now)),
    })
    .from(products)
    .where(eq(products.id, order.productId))
    .get()
  if (!product) return undefined
  if (product.status !== 'published') return ORDER_MESSAGES.reopenDisabled(product.pId)
  if (product.totalRemaining <= 0) return ORDER_MESSAGES.reopenTotalFull(product.pId)
  if (product.todayRemaining <= 0) return ORDER_MESSAGES.reopenDayFull(product.pId, day)
  return undefined
}

/**
 * Sets an order's status and records it in the history; refused when it cannot take a unit. The
 * one status rule: the single change, the edit form and the bulk change (order-bulk.server.ts)
 * all write through it. Answers the history entry's id when it wrote one.
 */
export function setStatus(
  tx: Tx,
  order: OrderForChange,
  statusId: string,
  viewer: Viewer,
  now: Date,
): Result<{ historyId?: number }> {
  if (statusId === order.statusId) return ok({})
  if (order.statusId === 'cancelled') {
    const refused = reopenRefusal(tx, order, now)
    if (refused) return failFields('conflict', { status: [refused] })
  }
  tx.update(orders)
    .set({ statusId, updatedAt: now, ...(statusId === 'refunded' ? { refundDate: now } : {}) })
    .where(eq(orders.id, order.id))
    .run()
  const entry = tx
    .insert(orderStatusHistory)
    .values({
      orderId: order.id,
      fromStatusId: order.statusId,
      toStatusId: statusId,
      changedBy: viewer.id,
      changedAt: now,
    })
    .returning({ id: orderStatusHistory.id })
    .get()
  return ok({ historyId: entry.id })
}

/** The order row with the owner of its product, for the permission checks. */
export function orderForChange(tx: Tx, orderId: number) {
  return tx
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      updatedAt: orders.updatedAt,
      statusId: orders.statusId,
      userId: orders.userId,
      marketId: orders.marketId,
      customerEmail: orders.customerEmail,
      productId: orders.productId,
      quotaAt: orders.quotaAt,
      productOwnerId: products.ownerId,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.id, orderId))
    .get()
}
export type OrderForChange = NonNullable<ReturnType<typeof orderForChange>>

/**
 * A change to an order the viewer may see, in one IMMEDIATE transaction (anyone else: not found,
 * as if it did not exist).
 */
function changeVisibleOrder(
  viewer: Viewer,
  orderId: number,
  change: (tx: Tx, order: OrderForChange) => Result<{ message: string }>,
) {
  return writeAs(viewer, (tx) => {
    const order = orderForChange(tx, orderId)
    if (!order || !can.seeOrder(viewer, order)) return fail('not_found', ORDER_MESSAGES.notFound)
    return change(tx, order)
  })
}

/**
 * Changes an order's status to one of the viewer's choices and records it in the history.
 * Refunded sets the refund date; Cancelled frees the product's unit (the quota counts every order
 * that is not Cancelled).
 */
export function changeOrderStatus(
  viewer: Viewer,
  orderId: number,
  statusId: string,
  now = new Date(),
): Result<{ message: string }> {
  return changeVisibleOrder(viewer, orderId, (tx, order) => {
    if (!statusChoices(viewer).some((s) => s.id === statusId)) {
      return failFields('forbidden', { status: [ORDER_MESSAGES.statusNotYours] })
    }
    const set = setStatus(tx, order, statusId, viewer, now)
    return set.ok ? ok({ message: ORDER_MESSAGES.statusUpdated }) : set
  })
}

/**
 * The edit form: the pm who made the order and admins change its number, customer email, buyer
 * contact, market and remark (never the product), and the status within their choices.
 */
export function updateOrder(
  viewer: Viewer,
  orderId: number,
  input: OrderUpdateInput,
  now = new Date(),
): Result<{ message: string }> {
  return changeVisibleOrder(viewer, orderId, (tx, order) => {
    if (!can.editOrder(viewer, order)) return fail('forbidden', ORDER_MESSAGES.notAllowed)
    // A listed email may not be set; an order whose email was listed later stays editable.
    if (
      normaliseEmail(input.customerEmail) !== normaliseEmail(order.customerEmail) &&
      scammerListed(input.customerEmail, tx)
    ) {
      return failFields('conflict', { customerEmail: [SCAMMER_BLOCKED_MESSAGE] })
    }
    if (!marketExists(tx, input.market)) {
      return failFields('invalid', { market: [ORDER_MESSAGES.unknownMarket] })
    }
    if (
      input.status &&
      input.status !== order.statusId &&
      !statusChoices(viewer).some((s) => s.id === input.status)
    ) {
      return failFields('forbidden', { status: [ORDER_MESSAGES.statusNotYours] })
    }
    if (numberTaken(tx, input.market, input.orderNumber, order.id)) {
      return failFields('conflict', { orderNumber: [ORDER_MESSAGES.duplicateNumber] })
    }
    tx.update(orders)
      .set({
        orderNumber: input.orderNumber,
        orderNumberKey: orderNumberKey(input.orderNumber),
        customerEmail: input.customerEmail,
        buyerContact: input.facebookIdentity,
        marketId: input.market,
        remark: input.remark,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id))
      .run()
    const set = input.status ? setStatus(tx, order, input.status, viewer, now) : ok({})
    return set.ok ? ok({ message: ORDER_MESSAGES.updated }) : set
  })
}

const PICTURE_COLUMN = {
  order: 'orderPictureId',
  refund: 'refundPictureId',
  review: 'reviewPictureId',
} as const

/**
 * One of an order's three pictures: the order and review pictures by the pm who made it, the
 * refund picture by the pmm who owns the product; admins any (product.md, Orders).
 */
export async function setOrderPicture(
  viewer: Viewer,
  orderId: number,
  kind: OrderPictureKind,
  file: File | null | undefined,
  now = new Date(),
): Promise<Result<{ message: string }>> {
  const order = orderForChange(db, orderId)
  if (!order || !can.seeOrder(viewer, order)) return fail('not_found', ORDER_MESSAGES.notFound)
  if (!can.uploadOrderPicture(viewer, kind, order)) {
    return fail('forbidden', ORDER_MESSAGES.pictureNotAllowed)
  }
  if (!file || (file.size === 0 && !file.name))
    return failFields('invalid', { picture: ['Please choose a picture.'] })
  const pictures = await preparedPictures(viewer, { picture: file })
  if (!pictures.ok) return pictures
  const column = orders[PICTURE_COLUMN[kind]]
  return writeWithPictures(viewer, pictures.prepared, (tx, ids, release) => {
    // Checked again where it is written: the order may have changed hands meanwhile.
    const current = orderForChange(tx, orderId)
    if (!current || !can.seeOrder(viewer, current))
      return fail('not_found', ORDER_MESSAGES.notFound)
    if (!can.uploadOrderPicture(viewer, kind, current)) {
      return fail('forbidden', ORDER_MESSAGES.pictureNotAllowed)
    }
    // The picture it replaces goes once nothing else shows it.
    release(tx.select({ id: column }).from(orders).where(eq(orders.id, orderId)).get()?.id)
    tx.update(orders)
      .set({ [PICTURE_COLUMN[kind]]: ids.picture, updatedAt: now })
      .where(eq(orders.id, orderId))
      .run()
    return ok({ message: ORDER_MESSAGES.pictureUpdated(kind) })
  })
}

import { aliasedTable, and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { db } from '../../db/client'
import { markets, products, reservations, users } from '../../db/schema'
import { businessDate, businessDateTime } from '~/core/business-day.server'
import { env } from '~/core/env.server'
import type { ReservationListFilters } from '~/schemas/list-queries'
import { PAGE_SIZE, paginate, type Page } from './paginate.server'
import { can } from './permissions'
import { pictureUrl } from './picture.server'
import { activeReservation, remainders, stillMarketed } from './product.server'
import { fail, ok, type Result } from '~/core/result'
import type { User } from './user.server'
import { writeAs } from './write.server'

export const RESERVATION_MINUTES = env.RESERVATION_MINUTES

/** How long after its reservation expired an order may still be recorded (a late order). */
export const LATE_ORDER_HOURS = 24

export const RESERVE_MESSAGES = {
  onlyMarketers: 'Only marketers can reserve products.',
  notFound: (pId: number) => `No product found with ID ${pId}.`,
  disabled: 'This product is disabled and cannot be reserved.',
  ended: 'Marketing for this product has ended.',
  duplicate: 'You have already reserved this product.',
  todayFull: "Today's sale limit for this product is reached. Please try again tomorrow.",
  totalFull: 'The overall sale limit for this product is reached.',
  success: (minutes: number) =>
    `Product reserved successfully. It is held for you for ${minutes} minutes.`,
} as const

/**
 * Reserves one unit of a product for a pm. The checks and the insert run in one IMMEDIATE
 * SQLite transaction, so concurrent reservers (in this process or another) never oversell:
 * today's and the total remainder are derived from the rows inside that transaction.
 */
export function reserveProduct(
  user: Pick<User, 'id' | 'role'>,
  pId: number,
  now = new Date(),
): Result<{ message: string; reservationId: number; expiresAt: Date }> {
  if (!can.reserve(user)) return fail('forbidden', RESERVE_MESSAGES.onlyMarketers)
  const t = now.getTime()

  return writeAs(user, (tx) => {
    const product = tx
      .select({
        id: products.id,
        status: products.status,
        marketed: sql<number>`${stillMarketed(businessDate(now))}`,
        ...remainders(sql`${products.id}`, now),
      })
      .from(products)
      .where(eq(products.pId, pId))
      .get()
    if (!product) return fail('not_found', RESERVE_MESSAGES.notFound(pId))
    if (product.status !== 'published') return fail('conflict', RESERVE_MESSAGES.disabled)
    if (!product.marketed) return fail('conflict', RESERVE_MESSAGES.ended)
    const held = tx
      .select({ id: reservations.id })
      .from(reservations)
      .where(
        and(
          eq(reservations.productId, product.id),
          eq(reservations.userId, user.id),
          activeReservation(t),
        ),
      )
      .get()
    if (held) return fail('conflict', RESERVE_MESSAGES.duplicate)
    if (product.totalRemaining <= 0) return fail('conflict', RESERVE_MESSAGES.totalFull)
    if (product.todayRemaining <= 0) return fail('conflict', RESERVE_MESSAGES.todayFull)
    const expiresAt = new Date(t + RESERVATION_MINUTES * 60_000)
    const row = tx
      .insert(reservations)
      .values({ productId: product.id, userId: user.id, createdAt: now, expiresAt })
      .returning({ id: reservations.id })
      .get()
    return ok({
      message: RESERVE_MESSAGES.success(RESERVATION_MINUTES),
      reservationId: row.id,
      expiresAt,
    })
  })
}

/** Who sees which reservations: a pm their own, a pmm those on their products, an admin all. */
function visibleTo(viewer: Pick<User, 'id' | 'role'>): SQL | undefined {
  if (viewer.role === 'pm') return eq(reservations.userId, viewer.id)
  if (viewer.role === 'pmm') return eq(products.ownerId, viewer.id)
  return undefined
}

export type ReservationFilters = ReservationListFilters

const marketer = aliasedTable(users, 'marketer')
const manager = aliasedTable(users, 'manager')

/** Minutes a reservation still holds its unit, rounded down ("59 MINUTES LEFT" when fresh). */
export function minutesLeft(expiresAt: Date, now = new Date()) {
  return Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 60_000))
}

/** One page (25 rows) of the active reservations a user may see, newest first. */
export function listReservations(
  viewer: Pick<User, 'id' | 'role'>,
  filters: ReservationFilters = {},
  now = new Date(),
): Page<ReservationView> {
  const conditions: Array<SQL | undefined> = [activeReservation(now.getTime()), visibleTo(viewer)]
  if (filters.market) conditions.push(eq(products.marketId, filters.market))
  if (filters.productId) conditions.push(eq(products.pId, filters.productId))
  if (filters.sellerName) conditions.push(eq(products.ownerId, filters.sellerName))
  const where = and(...conditions)
  const narrow = () =>
    db
      .select({ id: reservations.id })
      .from(reservations)
      .innerJoin(products, eq(products.id, reservations.productId))
      .where(where)
  const list = paginate({
    page: filters.page,
    count: () =>
      db
        .select({ n: sql<number>`count(*)` })
        .from(reservations)
        .innerJoin(products, eq(products.id, reservations.productId))
        .where(where)
        .get()?.n ?? 0,
    ids: (limit, offset) =>
      narrow()
        .orderBy(desc(reservations.id))
        .limit(limit)
        .offset(offset)
        .all()
        .map((r) => r.id),
    rows: (ids) =>
      db
        .select({
          id: reservations.id,
          createdAt: reservations.createdAt,
          expiresAt: reservations.expiresAt,
          userId: marketer.id,
          userName: marketer.name,
          managerName: manager.name,
          pId: products.pId,
          brandName: products.brandName,
          imageId: products.imageId,
          marketShortName: markets.shortName,
          productOwnerId: products.ownerId,
        })
        .from(reservations)
        .innerJoin(products, eq(products.id, reservations.productId))
        .innerJoin(marketer, eq(marketer.id, reservations.userId))
        .innerJoin(manager, eq(manager.id, products.ownerId))
        .innerJoin(markets, eq(markets.id, products.marketId))
        .where(inArray(reservations.id, ids))
        .orderBy(desc(reservations.id))
        .all(),
  })
  const first = (list.page - 1) * PAGE_SIZE
  return {
    ...list,
    rows: list.rows.map((r, i) => ({
      id: r.id,
      number: first + i + 1,
      marketerId: r.userId,
      marketerName: r.userName,
      managerName: r.managerName,
      pId: r.pId,
      brandName: r.brandName,
      thumb: pictureUrl(r.imageId, 'thumb'),
      market: r.marketShortName,
      createdAt: r.createdAt,
      expiresAt: r.expiresAt,
      minutesLeft: minutesLeft(r.expiresAt, now),
      canRelease: can.release(viewer, r),
    })),
  }
}
export type ReservationView = {
  id: number
  /** The row's number in the whole list (the # column). */
  number: number
  marketerId: number
  marketerName: string
  managerName: string
  pId: number
  brandName: string
  thumb: string
  market: string
  createdAt: Date
  expiresAt: Date
  minutesLeft: number
  canRelease: boolean
}

export const RELEASE_MESSAGES = {
  success: 'Product release successfully.',
  notFound: 'No active reservation found for this product.',
} as const

/**
 * Ends an active reservation and frees its unit. A pm releases their own; the pmm who owns the
 * product and admins may release any on it. By reservation id (pages) or by pId (the API, the
 * caller's own reservation, or the only one the caller may release).
 */
export function releaseReservation(
  viewer: Pick<User, 'id' | 'role'>,
  target: { reservationId: number } | { pId: number },
  now = new Date(),
): Result<{ message: string }> {
  const which =
    'reservationId' in target
      ? eq(reservations.id, target.reservationId)
      : eq(products.pId, target.pId)
  return writeAs(viewer, (tx) => {
    const candidates = tx
      .select({
        id: reservations.id,
        userId: reservations.userId,
        productOwnerId: products.ownerId,
      })
      .from(reservations)
      .innerJoin(products, eq(products.id, reservations.productId))
      .where(and(activeReservation(now.getTime()), which))
      .orderBy(desc(reservations.id))
      .all()
      .filter((c) => can.release(viewer, c))
    // By pId, prefer the caller's own reservation.
    const chosen = candidates.find((c) => c.userId === viewer.id) ?? candidates[0]
    if (!chosen) return fail('not_found', RELEASE_MESSAGES.notFound)
    tx.update(reservations)
      .set({ status: 'released', endedAt: now })
      .where(and(eq(reservations.id, chosen.id), eq(reservations.status, 'active')))
      .run()
    return ok({ message: RELEASE_MESSAGES.success })
  })
}

/**
 * A pm's reservations that may still become a late order: expired (never released nor ordered)
 * less than 24 hours ago, latest first, with the moment that ends (business time). Whether the
 * product still has a unit is checked when the order is recorded, which names the reason.
 */
export function lateReservations(viewer: Pick<User, 'id' | 'role'>, now = new Date()) {
  if (!can.createOrder(viewer)) return []
  const t = now.getTime()
  return db
    .select({ pId: products.pId, brandName: products.brandName, expiresAt: reservations.expiresAt })
    .from(reservations)
    .innerJoin(products, eq(products.id, reservations.productId))
    .where(
      and(
        eq(reservations.userId, viewer.id),
        eq(reservations.status, 'active'),
        sql`${reservations.expiresAt} <= ${t}`,
        sql`${reservations.expiresAt} > ${t - LATE_ORDER_HOURS * 3_600_000}`,
      ),
    )
    .orderBy(desc(reservations.expiresAt))
    .limit(PAGE_SIZE)
    .all()
    .map(({ expiresAt, ...r }) => {
      const until = new Date(expiresAt.getTime() + LATE_ORDER_HOURS * 3_600_000)
      return { ...r, recordUntil: businessDateTime(until), minutesLeft: minutesLeft(until, now) }
    })
}

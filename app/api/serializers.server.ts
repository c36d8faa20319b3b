/**
 * The wire names of spec section 7 (`_id`, `productId: {...}`, `userId: {...}`, `categoryId`)
 * live here only; models and pages use domain names.
 */
import { ok, type Result } from '~/core/result'
import type { ListedUser } from '~/models/admin-users.server'
import type { OrderView } from '~/models/order.server'
import type { ProductView } from '~/models/product.server'
import type { ReservationView } from '~/models/reservation.server'
import type { ScammerView } from '~/models/scammer.server'
import { avatarUrl, type User } from '~/models/user.server'

export function productWire(p: ProductView) {
  return {
    _id: String(p.id),
    pId: p.pId,
    keywords: p.keywords,
    brandName: p.brandName,
    soldBy: p.soldBy,
    sellerName: p.sellerName,
    market: { _id: String(p.market.id), name: p.market.name, shortName: p.market.shortName },
    chineseSeller: { _id: String(p.chineseSeller.id), name: p.chineseSeller.name },
    categoryId: String(p.category.id),
    category: { _id: String(p.category.id), name: p.category.name },
    commission: p.commission,
    websiteCommission: p.websiteCommission,
    limitPerDay: p.limitPerDay,
    limit: p.limit,
    todayRemaining: p.todayRemaining,
    totalRemaining: p.totalRemaining,
    instruction: p.instruction,
    refundPolicy: p.refundPolicy,
    commissionPolicy: p.commissionPolicy,
    marketing: p.marketing,
    marketingEnded: p.marketingEnded,
    status: p.status,
    ownerId: p.ownerId,
    reservedByYou: p.reservedByYou,
    image: p.image,
    screenShot: p.screenShot,
    createdAt: p.createdAt,
  }
}

export function reservationWire(r: ReservationView) {
  return {
    number: r.number,
    _id: String(r.id),
    userId: { _id: String(r.marketerId), name: r.marketerName },
    reserveBy: r.marketerName,
    sellerName: r.managerName,
    productId: { pId: r.pId, brandName: r.brandName, image: r.thumb },
    market: r.market,
    createdAt: r.createdAt,
    expiresAt: r.expiresAt,
    minutesLeft: r.minutesLeft,
    canRelease: r.canRelease,
  }
}

export function scammerWire(s: ScammerView) {
  return {
    _id: String(s.id),
    email: s.email,
    reason: s.reason,
    reportedBy: { name: s.reportedBy.name },
    createdAt: s.createdAt,
  }
}

/** A user as API clients see it: never the password hash. */
export function userWire(
  user: Pick<
    User,
    | 'id'
    | 'name'
    | 'email'
    | 'address'
    | 'cnic'
    | 'role'
    | 'city'
    | 'country'
    | 'phone'
    | 'profilePictureId'
    | 'isEnable'
    | 'createdAt'
  >,
) {
  return {
    _id: String(user.id),
    count: user.id,
    name: user.name,
    email: user.email,
    address: user.address,
    cnic: user.cnic,
    role: user.role,
    city: user.city,
    country: user.country,
    phone: user.phone,
    profile: avatarUrl(user, 'medium'),
    isEnable: user.isEnable,
    createdAt: user.createdAt,
  }
}

/** A user of the admin lists: also their state and when they were deleted. */
export function listedUserWire(user: ListedUser) {
  return { ...userWire(user), state: user.state, deletedAt: user.deletedAt }
}

/** A page of a list: `{ data, total, page, pageCount }`. */
export function pageWire<Row, Wire>(
  list: { rows: Row[]; total: number; page: number; pageCount: number },
  wire: (row: Row) => Wire,
) {
  return {
    data: list.rows.map(wire),
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
  }
}

/**
 * A write's answer: `{ success: true, message, data }` with what it wrote, as its wire form; a
 * refusal goes on as it is (the endpoint helper answers it).
 */
export function changeWire<T extends object, Wire>(
  result: Result<T>,
  message: string,
  wire: (written: T) => Wire,
) {
  return result.ok ? ok({ success: true as const, message, data: wire(result) }) : result
}

export function orderWire(o: OrderView) {
  return {
    _id: String(o.id),
    orderId: o.id,
    orderNumber: o.orderNumber,
    productId: { pId: o.product.pId, brandName: o.product.brandName, commission: o.commission },
    market: { _id: String(o.market.id), name: o.market.name, shortName: o.market.shortName },
    userId: { name: o.marketer.name, count: o.marketer.id },
    paypal: o.customerEmail,
    buyerContact: o.buyerContact,
    status: { _id: o.status.id, name: o.status.name },
    remark: o.remark,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    refundDate: o.refundDate,
    orderScreenshot: o.pictures.order?.original ?? null,
    refundScreenshot: o.pictures.refund?.original ?? null,
    reviewScreenshot: o.pictures.review?.original ?? null,
  }
}

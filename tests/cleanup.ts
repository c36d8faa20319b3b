/**
 * Deletes the rows a test made (users, products) and everything that depends on them, in an
 * order the foreign keys accept (they are on). Used by the Playwright fixtures in e2e/utils.ts,
 * which import it lazily: importing it opens the database of DATA_DIR.
 */
import { and, count as sqlCount, eq, inArray, notExists, or, sql, type SQL } from 'drizzle-orm'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import { db } from '../db/client'
import {
  loginFailures,
  orders,
  orderStatusHistory,
  pictures,
  products,
  reservations,
  scammerPaypals,
  sessions,
  users,
} from '../db/schema'

export type TestData = { userIds: number[]; productIds: number[] }

/**
 * Rows that still refer to the given users, products, emails and pictures (all zero after
 * cleanup).
 */
export function remainingTestData({
  userIds,
  productIds,
  emails = [],
  pictureIds = [],
}: TestData & { emails?: string[]; pictureIds?: string[] }) {
  const count = (table: SQLiteTable, where: SQL | undefined) =>
    db.select({ n: sqlCount() }).from(table).where(where).get()!.n
  return {
    users: count(users, inArray(users.id, userIds)),
    products: count(
      products,
      or(inArray(products.id, productIds), inArray(products.ownerId, userIds)),
    ),
    reservations: count(
      reservations,
      or(inArray(reservations.userId, userIds), inArray(reservations.productId, productIds)),
    ),
    orders: count(
      orders,
      or(inArray(orders.userId, userIds), inArray(orders.productId, productIds)),
    ),
    sessions: count(sessions, inArray(sessions.userId, userIds)),
    loginFailures: count(loginFailures, inArray(loginFailures.email, emails)),
    pictures: count(
      pictures,
      or(inArray(pictures.uploadedBy, userIds), inArray(pictures.id, pictureIds)),
    ),
  }
}

/**
 * Deletes the given users and products, with: their orders (status history cascades) and any
 * order on their products; reservations by them or on their products; the users' products,
 * sessions, sign-in failures, Scammer PayPal reports and status changes they made; and the
 * pictures they uploaded that nothing else uses (a picture is shared by content, so one still
 * used by another row only loses its uploader). The files of deleted pictures stay on disk: a
 * later upload of the same bytes may be writing them at the same moment.
 */
export function deleteTestData({ userIds, productIds }: TestData) {
  if (userIds.length === 0 && productIds.length === 0) return
  db.transaction(
    (tx) => {
      const emails = tx
        .select({ email: users.email })
        .from(users)
        .where(inArray(users.id, userIds))
        .all()
        .map((u) => u.email)
      const ownedProducts = tx
        .select({ id: products.id })
        .from(products)
        .where(or(inArray(products.id, productIds), inArray(products.ownerId, userIds)))
        .all()
        .map((p) => p.id)

      // Orders first: their status history goes with them (ON DELETE CASCADE).
      tx.delete(orders)
        .where(or(inArray(orders.userId, userIds), inArray(orders.productId, ownedProducts)))
        .run()
      // Status changes these users made on orders that stay.
      tx.delete(orderStatusHistory).where(inArray(orderStatusHistory.changedBy, userIds)).run()
      tx.delete(reservations)
        .where(
          or(inArray(reservations.userId, userIds), inArray(reservations.productId, ownedProducts)),
        )
        .run()
      tx.delete(products).where(inArray(products.id, ownedProducts)).run()
      tx.delete(scammerPaypals).where(inArray(scammerPaypals.reportedBy, userIds)).run()
      tx.delete(sessions).where(inArray(sessions.userId, userIds)).run()
      tx.delete(loginFailures).where(inArray(loginFailures.email, emails)).run()

      // Pictures and users point at each other: drop the users' own avatars first.
      tx.update(users).set({ profilePictureId: null }).where(inArray(users.id, userIds)).run()
      const uploaded = inArray(pictures.uploadedBy, userIds)
      const noRowIn = (table: SQLiteTable, refersToPicture: SQL | undefined) =>
        notExists(
          tx
            .select({ one: sql`1` })
            .from(table)
            .where(refersToPicture),
        )
      const unused = and(
        noRowIn(users, eq(users.profilePictureId, pictures.id)),
        noRowIn(
          products,
          or(eq(products.imageId, pictures.id), eq(products.screenshotId, pictures.id)),
        ),
        noRowIn(
          orders,
          or(
            eq(orders.orderPictureId, pictures.id),
            eq(orders.refundPictureId, pictures.id),
            eq(orders.reviewPictureId, pictures.id),
          ),
        ),
      )
      tx.delete(pictures).where(and(uploaded, unused)).run()
      tx.update(pictures).set({ uploadedBy: null }).where(uploaded).run()
      tx.delete(users).where(inArray(users.id, userIds)).run()
    },
    { behavior: 'immediate' },
  )
}

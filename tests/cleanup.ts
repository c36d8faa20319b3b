/**
 * Deletes the rows a test made (users, products) and everything that depends on them, in an
 * order the foreign keys accept (they are on). Used by the Playwright fixtures in e2e/utils.ts,
 * which import it lazily: importing it opens the database of DATA_DIR.
 */
import { and, eq, inArray, notExists, or } from 'drizzle-orm'
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
  const count = (rows: unknown[]) => rows.length
  return {
    users: count(db.select({ id: users.id }).from(users).where(inArray(users.id, userIds)).all()),
    products: count(
      db
        .select({ id: products.id })
        .from(products)
        .where(or(inArray(products.id, productIds), inArray(products.ownerId, userIds)))
        .all(),
    ),
    reservations: count(
      db
        .select({ id: reservations.id })
        .from(reservations)
        .where(
          or(inArray(reservations.userId, userIds), inArray(reservations.productId, productIds)),
        )
        .all(),
    ),
    orders: count(
      db
        .select({ id: orders.id })
        .from(orders)
        .where(or(inArray(orders.userId, userIds), inArray(orders.productId, productIds)))
        .all(),
    ),
    sessions: count(
      db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.userId, userIds)).all(),
    ),
    loginFailures: count(
      db
        .select({ id: loginFailures.id })
        .from(loginFailures)
        .where(inArray(loginFailures.email, emails))
        .all(),
    ),
    pictures: count(
      db
        .select({ id: pictures.id })
        .from(pictures)
        .where(or(inArray(pictures.uploadedBy, userIds), inArray(pictures.id, pictureIds)))
        .all(),
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
      const unused = and(
        notExists(
          tx.select({ id: users.id }).from(users).where(eq(users.profilePictureId, pictures.id)),
        ),
        notExists(
          tx
            .select({ id: products.id })
            .from(products)
            .where(or(eq(products.imageId, pictures.id), eq(products.screenshotId, pictures.id))),
        ),
        notExists(
          tx
            .select({ id: orders.id })
            .from(orders)
            .where(
              or(
                eq(orders.orderPictureId, pictures.id),
                eq(orders.refundPictureId, pictures.id),
                eq(orders.reviewPictureId, pictures.id),
              ),
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

import { and, eq, or, sql } from 'drizzle-orm'
import { db } from '../../db/client'
import { orders, pictures, products, users } from '../../db/schema'
import { orderVisibility } from './order.server'
import type { User } from './user.server'

type Viewer = Pick<User, 'id' | 'role'>

const exists = (query: { get: () => unknown }) => query.get() !== undefined

/**
 * Who may see a stored picture (product.md, Pictures). Product and profile pictures: everyone
 * signed in. Order pictures: only those who may see an order that shows them (its pm, the pmm of
 * its product, admins). A picture nothing shows yet: its uploader and admins. Pictures are named by
 * their content, so one file may be several of these; any one that lets the viewer see it is
 * enough.
 */
export function canSeePicture(viewer: Viewer, pictureId: string): boolean {
  if (viewer.role === 'admin') return true
  const one = sql`1`
  const onProduct = db
    .select({ one })
    .from(products)
    .where(or(eq(products.imageId, pictureId), eq(products.screenshotId, pictureId)))
    .limit(1)
  const onProfile = db
    .select({ one })
    .from(users)
    .where(eq(users.profilePictureId, pictureId))
    .limit(1)
  if (exists(onProduct) || exists(onProfile)) return true
  const onOrder = or(
    eq(orders.orderPictureId, pictureId),
    eq(orders.refundPictureId, pictureId),
    eq(orders.reviewPictureId, pictureId),
  )
  if (
    exists(
      db
        .select({ one })
        .from(orders)
        .where(and(onOrder, orderVisibility(viewer)))
        .limit(1),
    )
  ) {
    return true
  }
  const shownOnAnyOrder = exists(db.select({ one }).from(orders).where(onOrder).limit(1))
  if (shownOnAnyOrder) return false
  return exists(
    db
      .select({ one })
      .from(pictures)
      .where(and(eq(pictures.id, pictureId), eq(pictures.uploadedBy, viewer.id)))
      .limit(1),
  )
}

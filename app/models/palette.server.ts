/**
 * The command palette's search (issue 30): the user's screens by name, and the orders and the
 * product a text names. Orders come through the lists' own conditions (`orderList`: the viewer's
 * visibility, the trigram index for a part of a number or an email), so a pm finds only their
 * orders and the palette answers as fast as a list; a product through its detail's rule.
 */
import { desc } from 'drizzle-orm'
import { db } from '../../db/client'
import { orders } from '../../db/schema'
import { orderList } from './order.server'
import { can, sidebarFor } from './permissions'
import { getProductByPid } from './product.server'
import type { User } from './user.server'

type Viewer = Pick<User, 'id' | 'role'>

export type PaletteHit = { kind: 'screen' | 'order' | 'product'; label: string; href: string }

/** At most this many orders by number and as many by customer email. */
export const PALETTE_ORDERS = 5
/** A part of an order number or an email is searched from this many characters on. */
export const PALETTE_MIN_SEARCH = 3

/** The screens a user may open: the sidebar's, and the keyboard Help. */
export function paletteScreens(viewer: Viewer): PaletteHit[] {
  return [
    ...sidebarFor(viewer.role).map((item) => ({
      kind: 'screen' as const,
      label: item.label,
      href: item.to,
    })),
    { kind: 'screen', label: 'Help: keyboard shortcuts', href: '/help' },
    // An action, not a screen: the palette posts it (as the sidebar's Log Out button does).
    { kind: 'screen', label: 'Log Out', href: '/logout' },
  ]
}

function ordersWhere(viewer: Viewer, where: Parameters<typeof orderList>[1]) {
  return db
    .select({ id: orders.id, number: orders.orderNumber, email: orders.customerEmail })
    .from(orders)
    .where(orderList(viewer, where).where)
    .orderBy(desc(orders.id))
    .limit(PALETTE_ORDERS)
    .all()
}

/** What the palette offers for `text`: screens first, then a product, then orders. */
export function paletteSearch(viewer: Viewer, text: string): PaletteHit[] {
  const q = text.trim().slice(0, 100)
  const screens = paletteScreens(viewer).filter((s) =>
    s.label.toLowerCase().includes(q.toLowerCase()),
  )
  if (q === '') return screens
  const hits: PaletteHit[] = [...screens]
  if (/^\d{6}$/.test(q)) {
    const product = getProductByPid(Number(q))
    if (product && (product.status === 'published' || can.manageProduct(viewer, product))) {
      hits.push({ kind: 'product', label: String(product.pId), href: `/view/${product.pId}` })
    }
  }
  if (q.length >= PALETTE_MIN_SEARCH) {
    const seen = new Set<number>()
    const byNumber = ordersWhere(viewer, { orderNumber: q })
    // A customer email is searched when one is typed (with its @): a part of a number alone
    // would match most emails' common beginnings and read far more rows.
    const byEmail = q.includes('@') ? ordersWhere(viewer, { customerEmail: q }) : []
    for (const o of [...byNumber, ...byEmail]) {
      if (seen.has(o.id)) continue
      seen.add(o.id)
      hits.push({
        kind: 'order',
        label: `${o.number} (${o.email})`,
        href: `/orders/view/${o.id}`,
      })
    }
  }
  return hits
}

/**
 * Who may do what: the one place a role rule is written. Routes, the API, the models and the UI
 * ask these functions; nobody compares roles elsewhere. Plain data and functions (no database), so
 * components may import it too.
 */
import type { Role } from '../../db/schema'

type Viewer = { id: number; role: Role }

export type NavItem = { to: string; label: string }

/** Where a user lands after signing in (and where a public page sends a signed-in user). */
export function homePath(role: Role) {
  return role === 'admin' ? '/admin/dashboard' : '/dashboard'
}

/** Sidebar entries, labels and order per role (spec section 2). */
export function sidebarFor(role: Role): NavItem[] {
  if (role === 'admin') {
    return [
      { to: '/admin/dashboard', label: 'Dashboard' },
      { to: '/all/pmm', label: 'All PMM' },
      { to: '/all/pm', label: 'All PM' },
      { to: '/all/user/deleted', label: 'Delete User' },
      { to: '/all/product', label: 'All Products' },
      { to: '/all/order', label: 'All Orders' },
      { to: '/user/profile', label: "User's Profile" },
    ]
  }
  const common = (middle: NavItem[], end: NavItem[]): NavItem[] => [
    { to: '/dashboard', label: 'Dashboard' },
    { to: '/activeProducts', label: 'Active Products' },
    ...middle,
    { to: '/orders', label: 'Orders' },
    { to: '/buyerLink', label: 'Buyer Link' },
    { to: '/scammerPaypal', label: 'Scammer PayPal' },
    ...end,
    { to: '/userProfile', label: "User's Profile" },
  ]
  return role === 'pmm'
    ? common(
        [{ to: '/disabledProduct', label: 'Disabled Products' }],
        [{ to: '/orderReport', label: 'Order Reports' }],
      )
    : common([{ to: '/reservations', label: 'Reservations' }], [])
}

/**
 * Help (issue 30: the keyboard shortcuts), the sidebar's last entry for every role, after Log Out,
 * with JavaScript (the shortcuts it documents need it): not one of the spec's entries, so it
 * leaves their order as it is, and a walk through the sidebar to Log Out does not pass it.
 */
export const HELP_NAV: NavItem = { to: '/help', label: 'Help' }

/** The label under the avatar on the profile pages. */
export function roleLabel(role: Role) {
  return role === 'admin' ? 'Admin' : role === 'pmm' ? 'Manager' : 'Marketer'
}

/** The Products screen's tabs: a pmm also has ADD (spec section 2). */
export function productTabsFor(role: Role) {
  return role === 'pmm'
    ? (['add', 'products', 'reserve', 'reserved'] as const)
    : (['products', 'reserve', 'reserved'] as const)
}

/** The Orders screen's tabs: a pm also has Add (spec section 2) and starts on ORDERS. */
export function orderTabsFor(role: Role) {
  return role === 'pm' ? (['add', 'orders'] as const) : (['orders'] as const)
}

/** A pm sees only the orders they made (a pmm those on their products, an admin all). */
export const seesOwnOrdersOnly = (viewer: Viewer) => viewer.role === 'pm'

/**
 * Whom the order report's Manager and Marketer filters offer: an admin everyone; anyone else only
 * the people of the orders they may see (a pm the managers of their orders and themself, a pmm
 * themself and the marketers of the orders on their products), never every user's name.
 */
export const reportChoicesAmongEveryone = (viewer: Viewer) => viewer.role === 'admin'

export const can = {
  /** The admin pages (/admin/dashboard, /all/*, /user/profile) and the admin API calls. */
  useAdminArea: (viewer: Viewer) => viewer.role === 'admin',
  /** The non-admin pages that an admin has a counterpart of (dashboard, profile). */
  useMemberArea: (viewer: Viewer) => viewer.role !== 'admin',
  /** Enable, disable and delete pm and pmm accounts (the admin user lists, /user API): admins. */
  manageUsers: (viewer: Viewer) => viewer.role === 'admin',
  /**
   * Disable or delete this account: an admin, never their own account nor another admin's (so the
   * last admin cannot lock everyone out).
   */
  closeAccount: (viewer: Viewer, target: Viewer) =>
    viewer.role === 'admin' && target.role !== 'admin' && target.id !== viewer.id,
  /** ADD on the Products screen and POST /product/. */
  addProduct: (viewer: Viewer) => viewer.role === 'pmm',
  /** The Reserve button and POST /reserve/{pId}; the product rows show a switch otherwise. */
  reserve: (viewer: Viewer) => viewer.role === 'pm',
  /** Enable or disable a product: its owner pmm and admins. */
  manageProduct: (viewer: Viewer, product: { ownerId: number }) =>
    viewer.role === 'admin' || (viewer.role === 'pmm' && product.ownerId === viewer.id),
  /** The Disabled Products list: a pmm (their own) and admins (all). */
  seeDisabledProducts: (viewer: Viewer) => viewer.role !== 'pm',
  /** Every product whatever its status: admins. */
  seeAllProducts: (viewer: Viewer) => viewer.role === 'admin',
  /** Release a reservation: the marketer holding it, the pmm who owns the product, admins. */
  release: (viewer: Viewer, reservation: { userId: number; productOwnerId: number }) =>
    viewer.role === 'admin' ||
    reservation.userId === viewer.id ||
    reservation.productOwnerId === viewer.id,
  /** The Scammer PayPal list and its search: every signed-in role (pm, pmm, admin). */
  viewScammers: (viewer: Viewer) =>
    viewer.role === 'pm' || viewer.role === 'pmm' || viewer.role === 'admin',
  /** Add to and remove from the Scammer PayPal list: managers and admins. */
  manageScammers: (viewer: Viewer) => viewer.role === 'pmm' || viewer.role === 'admin',
  /** The Add tab on /orders and POST /order/: marketers. */
  createOrder: (viewer: Viewer) => viewer.role === 'pm',
  /** Set one status on several orders at once, with its Undo (issue 30): pmm and admin. */
  changeOrdersInBulk: (viewer: Viewer) => viewer.role === 'pmm' || viewer.role === 'admin',
  /** See an order: its pm, the pmm who owns its product, admins (anyone else gets a 404). */
  seeOrder: (viewer: Viewer, order: OrderParties) =>
    viewer.role === 'admin' || order.userId === viewer.id || order.productOwnerId === viewer.id,
  /** Edit an order's fields: the pm who made it and admins (never the product). */
  editOrder: (viewer: Viewer, order: OrderParties) =>
    viewer.role === 'admin' || (viewer.role === 'pm' && order.userId === viewer.id),
  /** Upload one of an order's pictures (product.md, Orders). */
  uploadOrderPicture: (viewer: Viewer, kind: OrderPictureKind, order: OrderParties) =>
    viewer.role === 'admin' ||
    (kind === 'refund'
      ? viewer.role === 'pmm' && order.productOwnerId === viewer.id
      : viewer.role === 'pm' && order.userId === viewer.id),
}

/** The people an order belongs to: the pm who made it and the pmm who owns its product. */
export type OrderParties = { userId: number; productOwnerId: number }
export type OrderPictureKind = 'order' | 'refund' | 'review'

/** The status choices of a role (spec section 6): pm three, pmm six, admin all. */
export function statusChoicesFor<S extends { chosenBy: 'pm' | 'pmm' }>(
  role: Role,
  statuses: readonly S[],
) {
  return role === 'admin' ? statuses : statuses.filter((s) => s.chosenBy === role)
}

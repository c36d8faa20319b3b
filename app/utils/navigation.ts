import type { Role } from '../../db/schema'

export type NavItem = { to: string; label: string }

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
  if (role === 'pmm') {
    return [
      { to: '/dashboard', label: 'Dashboard' },
      { to: '/activeProducts', label: 'Active Products' },
      { to: '/disabledProduct', label: 'Disabled Products' },
      { to: '/orders', label: 'Orders' },
      { to: '/buyerLink', label: 'Buyer Link' },
      { to: '/scammerPaypal', label: 'Scammer PayPal' },
      { to: '/orderReport', label: 'Order Reports' },
      { to: '/userProfile', label: "User's Profile" },
    ]
  }
  return [
    { to: '/dashboard', label: 'Dashboard' },
    { to: '/activeProducts', label: 'Active Products' },
    { to: '/reservations', label: 'Reservations' },
    { to: '/orders', label: 'Orders' },
    { to: '/buyerLink', label: 'Buyer Link' },
    { to: '/scammerPaypal', label: 'Scammer PayPal' },
    { to: '/userProfile', label: "User's Profile" },
  ]
}

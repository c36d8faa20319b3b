/** Who a screen is seen as: signed out, or the demo user of a role. */
export type Role = 'anonymous' | 'pmm' | 'pm' | 'admin'

/**
 * Every screen of each role, and the states that have an address of their own (a dialog, edit
 * mode, a rename); `:orderId` and `:pId` stand for an order and a product the role sees. The a11y
 * spec checks them all; `npm run weigh` (scripts/weigh.ts) weighs the screens.
 */
export const SCREENS: Record<Role, string[]> = {
  anonymous: ['/login', '/register'],
  pmm: [
    '/dashboard',
    '/activeProducts?tab=add',
    '/activeProducts',
    '/activeProducts?tab=reserve',
    '/activeProducts?tab=reserved',
    '/disabledProduct',
    '/view/:pId',
    '/orders',
    '/orders/view/:orderId',
    '/orders/view/:orderId?dialog=status',
    '/buyerLink',
    '/scammerPaypal',
    '/orderReport',
    '/userProfile',
  ],
  pm: [
    '/dashboard',
    '/activeProducts',
    '/activeProducts?tab=reserve',
    '/activeProducts?tab=reserved',
    '/reservations',
    '/orders',
    '/orders?tab=add',
    '/orders/view/:orderId',
    '/orders/view/:orderId?mode=edit',
    '/orders/view/:orderId?dialog=status',
    '/buyerLink',
    '/scammerPaypal',
    '/userProfile',
    '/no-such-page',
  ],
  admin: [
    '/admin/dashboard',
    '/all/pmm',
    '/all/pm',
    '/all/user/deleted',
    '/all/product',
    '/all/order',
    '/order/completed',
    '/all/markets',
    '/all/markets?rename=1',
    '/orders/view/:orderId',
    '/orders/view/:orderId?mode=edit',
    '/scammerPaypal',
    '/user/profile',
  ],
}

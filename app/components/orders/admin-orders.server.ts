import { can } from '~/models/permissions'
import { requireUser } from '~/utils/auth.server'
import { restoreListPlace } from '~/utils/list-place.server'
import { OrderListQuery } from '~/schemas/list-queries'
import { orderListData } from './order-rows.server'

/**
 * The admin's order lists (/all/order, and /order/completed: status Commission): every order
 * with the Orders screen's filters. Anyone else is sent to /login (spec section 2).
 */
export async function adminOrdersData(request: Request, options: { completed: boolean }) {
  const admin = await requireUser(request, { allow: can.useAdminArea })
  await restoreListPlace(request, admin, Object.keys(OrderListQuery.shape))
  return orderListData(admin, new URL(request.url).searchParams, options)
}

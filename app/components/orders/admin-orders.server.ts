import { listOrders, listStatuses } from '~/models/order.server'
import { can } from '~/models/permissions'
import { pageOrNotFound } from '~/models/result'
import { OrderListQuery, readQueryLenient } from '~/schemas/list-queries'
import { requireUser } from '~/utils/auth.server'
import { orderRows } from './order-rows.server'

/**
 * The admin's order lists (/all/order, and /order/completed: status Commission): every order
 * with the Orders screen's filters. Anyone else is sent to /login (spec section 2).
 */
export async function adminOrdersData(request: Request, options: { completed: boolean }) {
  const admin = await requireUser(request, { allow: can.useAdminArea })
  const filters = readQueryLenient(OrderListQuery, new URL(request.url).searchParams)
  return {
    statuses: listStatuses().map((s) => ({ id: s.id, name: s.name })),
    orders: orderRows(
      pageOrNotFound(
        listOrders(admin, options.completed ? { ...filters, completed: true } : filters),
      ),
    ),
  }
}

import { orderRows } from '~/components/orders/order-rows.server'
import { listOrders, listStatuses } from '~/models/order.server'
import { pageOrNotFound } from '~/models/result'
import type { User } from '~/models/user.server'
import { OrderListQuery, readQueryLenient } from '~/schemas/list-queries'

/** ORDERS: the orders the user may see, with the filters and page of the URL. */
export function ordersTabData(user: User, params: URLSearchParams) {
  const filters = readQueryLenient(OrderListQuery, params)
  return {
    statuses: listStatuses().map((s) => ({ id: s.id, name: s.name })),
    yearly: Boolean(filters.yearly),
    orders: orderRows(pageOrNotFound(listOrders(user, filters))),
  }
}

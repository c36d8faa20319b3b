import { prepareBulkThread } from '~/models/bulk-thread.server'
import { listOrders, listStatuses, statusChoices, type OrderView } from '~/models/order.server'
import { can } from '~/models/permissions'
import { PAGE_SIZE, type Page } from '~/models/paginate.server'
import { pageOrNotFound } from '~/utils/not-found.server'
import type { User } from '~/models/user.server'
import type { BulkData } from './bulk-status'
import { OrderListQuery, readQueryLenient } from '~/schemas/list-queries'

/** Only what a row shows, so a page of orders stays small on a weak connection. */
export function orderRow(o: OrderView, number: number) {
  return {
    id: o.id,
    number,
    marketerName: o.marketer.name,
    managerName: o.product.ownerName,
    orderNumber: o.orderNumber,
    sellerId: o.marketer.id,
    pId: o.product.pId,
    customerEmail: o.customerEmail,
    market: o.market.shortName,
    commission: o.commission,
    updatedAt: o.updatedAt.toISOString().slice(0, 10),
    status: o.status.name,
    thumb: o.pictures.order?.thumb ?? null,
  }
}
export type OrderRow = ReturnType<typeof orderRow>

/** A page of orders as rows, numbered across pages (# counts from the first order of the list). */
export function orderRows(list: Page<OrderView>): Page<OrderRow> {
  const first = (list.page - 1) * PAGE_SIZE
  return { ...list, rows: list.rows.map((o, i) => orderRow(o, first + i + 1)) }
}

/**
 * An order list page's data (the Orders screen's ORDERS tab, All Orders, Completed Orders): the
 * URL's filters read leniently, the status choices for the filter, and one page of rows.
 */
export function orderListData(
  viewer: User,
  params: URLSearchParams,
  scope: { completed?: boolean } = {},
) {
  const filters = readQueryLenient(OrderListQuery, params)
  const selecting = can.changeOrdersInBulk(viewer) && params.get('select') === '1'
  // A selection form shown: the bulk thread starts now, not with the change (decision 104).
  if (selecting) prepareBulkThread()
  return {
    statuses: listStatuses().map((s) => ({ id: s.id, name: s.name })),
    yearly: Boolean(filters.yearly),
    orders: orderRows(pageOrNotFound(listOrders(viewer, { ...filters, ...scope }))),
    // A pmm's and an admin's selection (issue 30): on while the URL says `select=1`, their
    // status choices, and when the page was read (a row changed after it is skipped as stale).
    bulk: can.changeOrdersInBulk(viewer) ? bulkData(viewer, selecting) : null,
  }
}

function bulkData(viewer: User, selecting: boolean): BulkData {
  const statuses = statusChoices(viewer).map((s) => ({ id: s.id, name: s.name }))
  return selecting ? { selecting, statuses, seenAt: Date.now() } : { selecting, statuses }
}

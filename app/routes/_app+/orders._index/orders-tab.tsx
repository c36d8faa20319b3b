import { Link } from '@remix-run/react'
import { ListFilters, type Option } from '~/components/list/list-filters'
import { Pagination } from '~/components/list/pagination'
import type { OrderRow } from '~/components/orders/order-rows.server'
import { ORDER_FILTERS_LABEL, orderFilters, OrderTable } from '~/components/orders/order-table'
import type { Page } from '~/models/paginate.server'
import { BulkStatus, type BulkData } from '~/components/orders/bulk-status'

/** ORDERS: the filters (applied by Search), the table and its pages. */
export function OrdersTab({
  statuses,
  yearly,
  orders,
  keep,
  bulk,
}: {
  statuses: ReadonlyArray<Option>
  yearly: boolean
  orders: Page<OrderRow>
  keep: Record<string, string>
  bulk: BulkData | null
}) {
  return (
    <>
      {yearly ? (
        <p className="list-note">
          Showing orders last updated over a year ago.{' '}
          <Link to={`?${new URLSearchParams({ ...keep, clear: '1' })}`}>Show all orders</Link>
        </p>
      ) : null}
      <ListFilters
        label={ORDER_FILTERS_LABEL}
        filters={orderFilters(statuses)}
        keep={yearly ? { ...keep, yearly: '1' } : keep}
        exportAs={{ list: 'orders', total: orders.total }}
      />
      <OrderTable rows={orders.rows} selectable={bulk?.selecting ?? false} />
      {bulk && orders.total > 0 ? (
        <BulkStatus bulk={bulk} total={orders.total} list="orders" />
      ) : null}
      <Pagination page={orders.page} pageCount={orders.pageCount} total={orders.total} />
    </>
  )
}

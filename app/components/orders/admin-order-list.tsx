import { ListFilters, type Option } from '~/components/list/list-filters'
import { Pagination } from '~/components/list/pagination'
import { ScreenPanel } from '~/components/layout'
import type { Page } from '~/models/paginate.server'
import type { OrderRow } from './order-rows.server'
import { BulkStatus, type BulkData } from './bulk-status'
import { ORDER_FILTERS_LABEL, orderFilters, OrderTable } from './order-table'

/** An admin order list: its tab title, the Orders screen's filters, the table with the manager. */
export function AdminOrderList({
  title,
  statuses,
  orders,
  statusFilter,
  bulk,
}: {
  title: string
  statuses: ReadonlyArray<Option>
  orders: Page<OrderRow>
  statusFilter: boolean
  bulk: BulkData | null
}) {
  const filters = orderFilters(statuses).filter((f) => statusFilter || f.name !== 'status')
  return (
    <ScreenPanel title={title}>
      <ListFilters
        label={ORDER_FILTERS_LABEL}
        filters={filters}
        exportAs={{ list: statusFilter ? 'all-order' : 'order-completed', total: orders.total }}
      />
      <OrderTable rows={orders.rows} variant="admin" selectable={bulk?.selecting ?? false} />
      {bulk && orders.total > 0 ? (
        <BulkStatus
          bulk={bulk}
          total={orders.total}
          list={statusFilter ? 'all-order' : 'order-completed'}
        />
      ) : null}
      <Pagination page={orders.page} pageCount={orders.pageCount} total={orders.total} />
    </ScreenPanel>
  )
}

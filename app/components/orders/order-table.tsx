import { Link } from '@remix-run/react'
import { DataTable, type Column } from '~/components/list/data-table'
import type { FilterDef, Option } from '~/components/list/list-filters'
import type { OrderRow } from './order-rows.server'

/** The orders lists' texts (spec section 2, Orders screen). */
export const ORDER_LIST_TEXT = { loading: 'Loading...', empty: 'No data in table' } as const

/** The Orders screen's filters, named as GET /order names them (spec section 7). */
export function orderFilters(statuses: ReadonlyArray<Option>): ReadonlyArray<FilterDef> {
  return [
    { type: 'select', name: 'status', label: 'Status', options: statuses },
    { type: 'search', name: 'customerEmail', label: 'Search by customer email' },
    { type: 'number', name: 'searchById', label: 'Search by Product Id' },
    { type: 'search', name: 'orderNumber', label: 'Search by order Number' },
  ]
}
export const ORDER_FILTERS_LABEL = 'Search orders'

/** The columns of spec section 2 (Orders screen); Commission is the one copied into the order. */
const COLUMNS: Array<Column<OrderRow>> = [
  { header: '#', cell: (o) => o.number, className: 'num' },
  { header: 'User', cell: (o) => o.marketerName },
  { header: 'Order Number', cell: (o) => o.orderNumber, className: 'nowrap' },
  { header: 'Seller ID', cell: (o) => o.sellerId, className: 'num' },
  { header: 'Product ID', cell: (o) => o.pId, className: 'num' },
  { header: 'Customer Email', cell: (o) => o.customerEmail, className: 'table__email' },
  { header: 'Market', cell: (o) => o.market },
  { header: 'Commission', cell: (o) => o.commission.toFixed(2), className: 'num' },
  { header: 'Update Date', cell: (o) => o.updatedAt, className: 'nowrap' },
  { header: 'Status', cell: (o) => <span className="badge">{o.status}</span> },
  {
    header: 'Image',
    cell: (o) =>
      o.thumb ? (
        <img src={o.thumb} alt="" width={50} height={50} loading="lazy" className="thumb" />
      ) : null,
  },
  {
    header: 'View',
    cell: (o) => (
      <Link
        to={`/orders/view/${o.id}`}
        className="btn btn--small"
        aria-label={`View order ${o.orderNumber}`}
      >
        View
      </Link>
    ),
  },
]

export function OrderTable({
  rows,
  caption = 'Orders',
}: {
  rows: ReadonlyArray<OrderRow>
  caption?: string
}) {
  return (
    <DataTable
      caption={caption}
      columns={COLUMNS}
      rows={rows}
      rowKey={(o) => o.id}
      emptyText={ORDER_LIST_TEXT.empty}
      loadingText={ORDER_LIST_TEXT.loading}
    />
  )
}

import { ViewLink } from '~/components/list/row-actions'
import { Identifier } from '~/components/list/identifier'
import { DataTable, type Column } from '~/components/list/data-table'
import { ADMIN_LOADING_TEXT } from '~/components/list/use-list-loading'
import type { FilterDef, Option } from '~/components/list/list-filters'
import type { OrderRow } from './order-rows.server'
import { Thumb } from '~/components/ui/picture'
import { orderRowId } from '~/utils/row-ids'
import { SelectCell } from './bulk-status'

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
  {
    header: 'Order Number',
    cell: (o) => <Identifier value={o.orderNumber} />,
    className: 'table__text',
    sort: 'orderNumber',
  },
  { header: 'Seller ID', cell: (o) => o.sellerId, className: 'num', sort: 'sellerId' },
  { header: 'Product ID', cell: (o) => o.pId, className: 'num' },
  {
    header: 'Customer Email',
    cell: (o) => <Identifier value={o.customerEmail} />,
    className: 'table__email',
  },
  { header: 'Market', cell: (o) => o.market },
  {
    header: 'Commission',
    cell: (o) => o.commission.toFixed(2),
    className: 'num',
    sort: 'commission',
  },
  { header: 'Update Date', cell: (o) => o.updatedAt, className: 'nowrap', sort: 'updatedAt' },
  { header: 'Status', cell: (o) => <span className="badge">{o.status}</span>, sort: 'status' },
  {
    header: 'Image',
    cell: (o) => (o.thumb ? <Thumb src={o.thumb} /> : null),
  },
  {
    header: 'View',
    cell: (o) => <ViewLink to={`/orders/view/${o.id}`} label={`View order ${o.orderNumber}`} />,
  },
]

/** A phone's compact card: what finds the order, its status, its View link (the rest is there). */
const ORDER_CARD = ['Order Number', 'Product ID', 'Manager', 'Status', 'View']

const MANAGER: Column<OrderRow> = { header: 'Manager', cell: (o) => o.managerName }

/** While a pmm or an admin selects orders (issue 30), each row has its checkbox, first. */
const SELECT: Column<OrderRow> = {
  header: 'Select',
  cell: (o) => <SelectCell id={o.id} label={o.orderNumber} />,
}

/** The Orders screen's table; the admin lists add the manager after the user. */
export function OrderTable({
  rows,
  caption = 'Orders',
  variant = 'orders',
  selectable = false,
}: {
  rows: ReadonlyArray<OrderRow>
  caption?: string
  variant?: 'orders' | 'admin'
  selectable?: boolean
}) {
  const shown =
    variant === 'admin' ? [...COLUMNS.slice(0, 2), MANAGER, ...COLUMNS.slice(2)] : COLUMNS
  const columns = selectable ? [SELECT, ...shown] : shown
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={rows}
      rowKey={(o) => o.id}
      rowId={(o) => orderRowId(o.id)}
      card={selectable ? ['Select', ...ORDER_CARD] : ORDER_CARD}
      defaultSort="updatedAt"
      loadingText={ADMIN_LOADING_TEXT}
    />
  )
}

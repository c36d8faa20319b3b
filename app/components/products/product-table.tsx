import { DataTable, type Column } from '~/components/list/data-table'
import type { Page } from '~/models/paginate.server'
import type { ProductView } from '~/models/product.server'
import { ReserveButton } from './reserve-button'
import { StatusSwitch } from './status-switch'
import { ViewProductLink } from './view-product-link'

/** Only what a table row shows, so list pages stay small on a weak connection. */
export function productRow(p: ProductView) {
  return {
    pId: p.pId,
    sellerName: p.sellerName,
    marketShortName: p.market.shortName,
    todayRemaining: p.todayRemaining,
    totalRemaining: p.totalRemaining,
    limit: p.limit,
    commission: p.commission,
    keywords: p.keywords,
    thumb: p.image.thumb,
    status: p.status,
    reservedByYou: p.reservedByYou,
  }
}
export type ProductRow = ReturnType<typeof productRow>

export function productRows(list: Page<ProductView>): Page<ProductRow> {
  return {
    rows: list.rows.map(productRow),
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
  }
}

/** The last column: a Reserve button for those who may reserve, else the enable/disable switch. */
export type ProductRowAction = 'reserve' | 'switch'

/** The columns of spec section 2, Products screen. */
export function productColumns(action: ProductRowAction): Array<Column<ProductRow>> {
  return [
    { header: 'Seller Name', cell: (p) => p.sellerName },
    { header: 'Market', cell: (p) => p.marketShortName },
    { header: 'Today Remaining', cell: (p) => p.todayRemaining, className: 'num' },
    { header: 'Total Remaining', cell: (p) => p.totalRemaining, className: 'num' },
    { header: 'Sale Limit', cell: (p) => p.limit, className: 'num' },
    { header: 'Commission', cell: (p) => p.commission.toFixed(2), className: 'num' },
    { header: 'Keyword', cell: (p) => p.keywords, className: 'table__keywords' },
    { header: 'Product ID', cell: (p) => p.pId, className: 'num' },
    {
      header: 'Image',
      cell: (p) => (
        <img src={p.thumb} alt="" width={50} height={50} loading="lazy" className="thumb" />
      ),
    },
    { header: 'View', cell: (p) => <ViewProductLink pId={p.pId} /> },
    action === 'reserve'
      ? {
          header: 'Reserve',
          cell: (p) => (
            <ReserveButton
              pId={p.pId}
              soldOut={p.todayRemaining <= 0 || p.totalRemaining <= 0}
              held={p.reservedByYou}
            />
          ),
        }
      : {
          header: 'Status',
          cell: (p) => <StatusSwitch pId={p.pId} published={p.status === 'published'} />,
        },
  ]
}

export function ProductTable({
  caption,
  rows,
  action,
}: {
  caption: string
  rows: ReadonlyArray<ProductRow>
  action: ProductRowAction
}) {
  return (
    <DataTable
      caption={caption}
      columns={productColumns(action)}
      rows={rows}
      rowKey={(p) => p.pId}
    />
  )
}

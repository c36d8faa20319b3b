import { DataTable, type Column } from '~/components/list/data-table'
import { BulkBox, ViewLink } from '~/components/list/row-actions'
import type { Page } from '~/models/paginate.server'
import type { ProductView } from '~/models/product.server'
import { productRowId } from '~/utils/row-ids'
import { ReserveButton } from './reserve-button'
import { StatusButtons } from './status-buttons'
import { StatusSwitch } from './status-switch'
import { Thumb } from '~/components/ui/picture'

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

/**
 * The last column: a Reserve button for those who may reserve, the owner's enable/disable switch,
 * or the admin list's Status with Enable and Disable buttons.
 */
export type ProductRowAction = 'reserve' | 'switch' | 'buttons'

function actionColumns(action: ProductRowAction): Array<Column<ProductRow>> {
  switch (action) {
    case 'reserve':
      return [
        {
          header: 'Reserve',
          cell: (p) => (
            <ReserveButton
              pId={p.pId}
              soldOut={p.todayRemaining <= 0 || p.totalRemaining <= 0}
              held={p.reservedByYou}
            />
          ),
        },
      ]
    case 'switch':
      return [
        {
          header: 'Status',
          cell: (p) => <StatusSwitch pId={p.pId} published={p.status === 'published'} />,
        },
      ]
    case 'buttons':
      return [
        { header: 'Status', cell: (p) => (p.status === 'published' ? 'Published' : 'Disabled') },
        {
          header: 'Action',
          cell: (p) => <StatusButtons pId={p.pId} published={p.status === 'published'} />,
        },
      ]
  }
}

/** The columns of spec section 2, Products screen. */
export function productColumns(action: ProductRowAction): Array<Column<ProductRow>> {
  return [
    { header: 'Seller Name', cell: (p) => p.sellerName },
    { header: 'Market', cell: (p) => p.marketShortName },
    { header: 'Today Remaining', cell: (p) => p.todayRemaining, className: 'num' },
    { header: 'Total Remaining', cell: (p) => p.totalRemaining, className: 'num' },
    { header: 'Sale Limit', cell: (p) => p.limit, className: 'num', sort: 'limit' },
    {
      header: 'Commission',
      cell: (p) => p.commission.toFixed(2),
      className: 'num',
      sort: 'commission',
    },
    { header: 'Keyword', cell: (p) => p.keywords, className: 'table__keywords' },
    { header: 'Product ID', cell: (p) => p.pId, className: 'num', sort: 'pId' },
    {
      header: 'Image',
      cell: (p) => <Thumb src={p.thumb} />,
    },
    {
      header: 'View',
      cell: (p) => <ViewLink to={`/view/${p.pId}`} label={`View product ${p.pId}`} />,
    },
    ...actionColumns(action),
  ]
}

/**
 * A phone's compact card: what names the product, what is left today, its status and actions; the
 * limits, commission, keywords and picture are on the page its View link opens.
 */
const PRODUCT_CARD = [
  'Seller Name',
  'Market',
  'Today Remaining',
  'Product ID',
  'View',
  'Reserve',
  'Status',
  'Action',
]

export function ProductTable({
  caption,
  rows,
  action,
  loadingText,
  selectForm,
}: {
  caption: string
  rows: ReadonlyArray<ProductRow>
  action: ProductRowAction
  /** The list's loading text, when not the Products screen's. */
  loadingText?: string
  /** An admin's bulk form (issue 30): each row gets a checkbox for it, first. */
  selectForm?: string
}) {
  const columns = productColumns(action)
  return (
    <DataTable
      caption={caption}
      columns={
        selectForm
          ? [
              {
                header: 'Select',
                cell: (p: ProductRow) => (
                  <BulkBox form={selectForm} value={String(p.pId)} label={`product ${p.pId}`} />
                ),
              },
              ...columns,
            ]
          : columns
      }
      rows={rows}
      rowKey={(p) => p.pId}
      card={PRODUCT_CARD}
      rowId={(p) => productRowId(p.pId)}
      loadingText={loadingText}
    />
  )
}

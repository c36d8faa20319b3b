import { clientLazy } from '~/components/client-lazy'
import { ListFilters } from '~/components/list/list-filters'
import { Pagination } from '~/components/list/pagination'
import {
  PRODUCT_FILTERS_LABEL,
  productFilters,
  type Lookups,
} from '~/components/products/product-filters'
import type { ProductRow, ProductRowAction } from '~/components/products/product-table'
import type { Page } from '~/models/paginate.server'

// The table's code (with the table machinery it shares with RESERVED) comes with this tab only,
// on first use: the server renders it at once, and other tabs do not load it.
const ProductTable = clientLazy(() =>
  import('~/components/products/product-table').then((m) => m.ProductTable),
)

/** PRODUCTS: the catalog with its filters; a Reserve button or the switch ends each row. */
export function ProductsTab({
  lookups,
  products,
  rowAction,
}: {
  lookups: Lookups
  products: Page<ProductRow>
  rowAction: ProductRowAction
}) {
  return (
    <>
      <ListFilters
        label={PRODUCT_FILTERS_LABEL}
        filters={productFilters(lookups)}
        keep={{ tab: 'products' }}
      />
      <ProductTable caption="Products" rows={products.rows} action={rowAction} />
      <Pagination page={products.page} pageCount={products.pageCount} total={products.total} />
    </>
  )
}

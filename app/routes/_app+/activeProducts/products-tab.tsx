import { ListFilters } from '~/components/list/list-filters'
import { Pagination } from '~/components/list/pagination'
import {
  PRODUCT_FILTERS_LABEL,
  productFilters,
  type Lookups,
} from '~/components/products/product-filters'
import {
  ProductTable,
  type ProductRow,
  type ProductRowAction,
} from '~/components/products/product-table'
import type { Page } from '~/models/paginate.server'

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

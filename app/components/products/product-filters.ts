import type { FilterDef, Option } from '~/components/list/list-filters'
import type { ProductListFilters } from '~/schemas/list-queries'

/** The choices of the product filters and of the ADD form. */
export type Lookups = {
  markets: ReadonlyArray<Option>
  categories: ReadonlyArray<Option>
  sellers: ReadonlyArray<Option>
}

/**
 * The catalog filters (Products, Disabled Products, Buyer Link), named as the list's query
 * schema names them.
 */
export function productFilters(lookups: Lookups): Array<FilterDef<keyof ProductListFilters>> {
  return [
    { type: 'select', name: 'chineseSeller', label: 'Chinese Seller', options: lookups.sellers },
    { type: 'select', name: 'market', label: 'Market', options: lookups.markets },
    { type: 'select', name: 'categoryId', label: 'Categories', options: lookups.categories },
    { type: 'search', name: 'searchByKey', label: 'Search by keyword' },
    { type: 'number', name: 'productId', label: 'Product ID' },
  ]
}

export const PRODUCT_FILTERS_LABEL = 'Filter products'

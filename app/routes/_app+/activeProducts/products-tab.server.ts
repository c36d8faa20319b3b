import { productRows } from '~/components/products/product-table'
import { productLookups } from '~/models/lookup.server'
import { can } from '~/models/permissions'
import { listProducts } from '~/models/product.server'
import type { User } from '~/models/user.server'
import { ProductListQuery, readQueryLenient } from '~/schemas/list-queries'
import { pageOrNotFound } from '~/utils/not-found.server'
import { backToProductRow, reserveTypedIdAndRedirect } from '~/utils/product-actions.server'

export function productsTabData(user: User, params: URLSearchParams) {
  const filters = readQueryLenient(ProductListQuery, params)
  return {
    lookups: productLookups(),
    products: productRows(pageOrNotFound(listProducts(user, 'catalog', filters))),
    rowAction: can.reserve(user) ? ('reserve' as const) : ('switch' as const),
  }
}

/** intent=reserveRow: a row's Reserve button; the answer comes back to the same list. */
export function reserveRow(user: User, form: FormData, request: Request) {
  const back = backToProductRow(request, form.get('pId'))
  return reserveTypedIdAndRedirect(user, form.get('pId'), { success: back, failure: back })
}

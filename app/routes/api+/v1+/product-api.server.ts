/**
 * Shared by the /api/v1/product routes. A `.server.ts` file in a flat-routes folder is not a
 * route module, so this stays a plain helper.
 */
import type { ActionFunctionArgs } from '@remix-run/node'
import type { User } from '~/models/user.server'
import {
  getProductView,
  listProducts,
  NotFoundError,
  setProductStatus,
  type ProductFilters,
  type ProductScope,
} from '~/models/product.server'
import {
  apiError,
  apiJson,
  pathProductId,
  queryInt,
  queryProductId,
  queryText,
  requireMethod,
} from '~/utils/api.server'
import { requireApiUser } from '~/utils/auth.server'

/** The product list filters of the query string, strictly: a malformed number is a 400. */
export function strictProductFilters(params: URLSearchParams): ProductFilters {
  return {
    chineseSeller: queryInt(params, 'chineseSeller'),
    market: queryInt(params, 'market'),
    categoryId: queryInt(params, 'categoryId'),
    searchByKey: queryText(params, 'searchByKey'),
    productId: queryProductId(params, 'productId'),
    page: queryInt(params, 'page'),
  }
}

/**
 * One page of a product list as the viewer may see it: `{ data, total, page, pageCount }`.
 * A list the viewer has no access to (a pm asking for disabled products) is a 404, like a
 * product they may not manage.
 */
export function productListResponse(
  viewer: Pick<User, 'id' | 'role'>,
  scope: ProductScope,
  filters: ProductFilters,
) {
  try {
    const { rows, total, page, pageCount } = listProducts(viewer, scope, filters)
    return apiJson({ data: rows, total, page, pageCount })
  } catch (error) {
    if (error instanceof NotFoundError) return apiError(404, 'No such product list.')
    throw error
  }
}

/** GET-only product lists: method, sign-in, strict filters, then the page. */
export async function productListLoader(request: Request, scope: ProductScope) {
  requireMethod(request, 'GET')
  const user = await requireApiUser(request)
  return productListResponse(user, scope, strictProductFilters(new URL(request.url).searchParams))
}

/**
 * PUT /product/(admin/)enable|disable/:pId. The model lets the owner pmm and admins change a
 * product; to anyone else (a pm, another pmm) the product does not exist: 404 with nothing
 * changed (product.md), the same answer as for an unknown pId. The admin paths refuse non-admins
 * with 403 before looking at the product.
 */
export async function productStatusAction(
  request: Request,
  params: ActionFunctionArgs['params'],
  options: { status: 'published' | 'disabled'; adminOnly: boolean; message: string },
) {
  requireMethod(request, 'PUT')
  const user = options.adminOnly
    ? await requireApiUser(request, 'admin')
    : await requireApiUser(request)
  const pId = pathProductId(params.pId)
  try {
    setProductStatus(user, pId, options.status)
  } catch (error) {
    if (error instanceof NotFoundError) return apiError(404, error.message)
    throw error
  }
  return apiJson({ success: true, message: options.message, data: getProductView(user, pId) })
}

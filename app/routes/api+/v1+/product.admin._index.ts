import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiError, methodNotAllowedFor, queryText, requireMethod } from '~/utils/api.server'
import { requireApiUser } from '~/utils/auth.server'
import { productFiltersFrom, productListResponse } from './product-api.server'

/**
 * GET /api/v1/product/admin: admins only (403 otherwise). Every manager's products, filtered by
 * market and productId (the other product list filters and page work too). `status=disabled`
 * lists the disabled ones instead of the published ones (the default); the model has no list of
 * both at once.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  requireMethod(request, 'GET')
  const user = await requireApiUser(request, 'admin')
  const params = new URL(request.url).searchParams
  const status = queryText(params, 'status') ?? 'published'
  if (status !== 'published' && status !== 'disabled') {
    return apiError(400, 'Invalid status: please send published or disabled.')
  }
  return productListResponse(
    user,
    status === 'published' ? 'catalog' : 'disabled',
    productFiltersFrom(params),
  )
}

export const action = () => methodNotAllowedFor('GET')

import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiError, methodNotAllowedFor, queryText, requireMethod } from '~/utils/api.server'
import { requireApiUser } from '~/utils/auth.server'
import { strictProductFilters, productListResponse } from './product-api.server'

/**
 * GET /api/v1/product/admin: admins only (403 otherwise). Every manager's products, filtered by
 * market and productId (the other product list filters and page work too); `status=published`
 * or `status=disabled` narrows the list, which otherwise holds both.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  requireMethod(request, 'GET')
  const user = await requireApiUser(request, 'admin')
  const params = new URL(request.url).searchParams
  const status = queryText(params, 'status') ?? 'all'
  const scopes = { all: 'all', published: 'catalog', disabled: 'disabled' } as const
  if (!(status in scopes)) {
    return apiError(400, 'Invalid status: please send published, disabled or all.')
  }
  return productListResponse(
    user,
    scopes[status as keyof typeof scopes],
    strictProductFilters(params),
  )
}

export const action = () => methodNotAllowedFor('GET')

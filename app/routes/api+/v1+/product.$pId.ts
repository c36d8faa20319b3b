import type { LoaderFunctionArgs } from '@remix-run/node'
import { getProductView } from '~/models/product.server'
import {
  apiError,
  apiJson,
  methodNotAllowedFor,
  pathProductId,
  requireMethod,
} from '~/utils/api.server'
import { requireApiUser } from '~/utils/auth.server'

/**
 * GET /api/v1/product/:pId → `{ data: product }`. A published product is open to every signed-in
 * user; a disabled one only to its owner and admins. Unknown or not visible: 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  requireMethod(request, 'GET')
  const user = await requireApiUser(request)
  const pId = pathProductId(params.pId)
  const product = getProductView(user, pId)
  if (!product) return apiError(404, `No product found with ID ${pId}.`)
  return apiJson({ data: product })
}

export const action = () => methodNotAllowedFor('GET')

import type { LoaderFunctionArgs } from '@remix-run/node'
import { methodNotAllowedFor } from '~/utils/api.server'
import { productListLoader } from './product-api.server'

/**
 * GET /api/v1/product/disabled/: a pmm's own disabled products, or all of them for an admin,
 * with the product list filters → `{ data, total, page, pageCount }`. A pm has no such list:
 * 404, consistent with the enable/disable paths.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return productListLoader(request, 'disabled')
}

export const action = () => methodNotAllowedFor('GET')

import type { LoaderFunctionArgs } from '@remix-run/node'
import { methodNotAllowedFor } from '~/utils/api.server'
import { productListLoader } from './product-api.server'

/**
 * GET /api/v1/product/enabled/: the published products the caller may see (the catalog), with
 * the product list filters → `{ data, total, page, pageCount }`.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return productListLoader(request, 'catalog')
}

export const action = () => methodNotAllowedFor('GET')

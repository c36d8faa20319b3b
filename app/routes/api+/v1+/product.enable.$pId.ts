import type { ActionFunctionArgs } from '@remix-run/node'
import { methodNotAllowedFor } from '~/utils/api.server'
import { productStatusAction } from './product-api.server'

export const loader = () => methodNotAllowedFor('PUT')

/**
 * PUT /api/v1/product/enable/:pId: the owner pmm or an admin enables a product. Anyone else, and
 * an unknown pId, gets 404 with nothing changed (a pm included: 404, not 403).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return productStatusAction(request, params, {
    status: 'published',
    adminOnly: false,
    message: 'Successfully enabled product.',
  })
}

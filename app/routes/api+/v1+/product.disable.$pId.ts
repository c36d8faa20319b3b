import type { ActionFunctionArgs } from '@remix-run/node'
import { methodNotAllowedFor } from '~/utils/api.server'
import { productStatusAction } from './product-api.server'

export const loader = () => methodNotAllowedFor('PUT')

/**
 * PUT /api/v1/product/disable/:pId: the owner pmm or an admin disables a product. Anyone else, and
 * an unknown pId, gets 404 with nothing changed (a pm included: 404, not 403).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return productStatusAction(request, params, {
    status: 'disabled',
    adminOnly: false,
    message: 'Successfully disabled product.',
  })
}

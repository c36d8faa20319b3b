import type { ActionFunctionArgs } from '@remix-run/node'
import { methodNotAllowedFor } from '~/utils/api.server'
import { productStatusAction } from './product-api.server'

export const loader = () => methodNotAllowedFor('PUT')

/**
 * PUT /api/v1/product/admin/disable/:pId: admins only (403 otherwise); any product. The toast
 * texts are the spec's, uncrossed (product.md): enable says enable, disable says Disable.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return productStatusAction(request, params, {
    status: 'disabled',
    adminOnly: true,
    message: 'Product Disable successfully.',
  })
}

import { api } from '~/api/endpoint.server'
import { productStatusEndpoint } from '~/api/products.server'

// The spec's admin toasts, uncrossed (product.md): disable says Disable.
export const { loader, action } = api(
  productStatusEndpoint({
    path: '/product/admin/disable/{pId}',
    status: 'disabled',
    admin: true,
    message: 'Product Disable successfully.',
  }),
)

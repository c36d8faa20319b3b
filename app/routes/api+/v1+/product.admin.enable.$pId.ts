import { api } from '~/api/endpoint.server'
import { productStatusEndpoint } from '~/api/products.server'

// The spec's admin toasts, uncrossed (product.md): enable says enable.
export const { loader, action } = api(
  productStatusEndpoint({
    path: '/product/admin/enable/{pId}',
    status: 'published',
    admin: true,
    message: 'Product enable successfully.',
  }),
)

import { api } from '~/api/endpoint.server'
import { productStatusEndpoint } from '~/api/products.server'

// The spec's admin toasts, uncrossed (product.md): disable says Disable.
const endpoints = api(
  productStatusEndpoint({
    path: '/product/admin/disable/{pId}',
    status: 'disabled',
    admin: true,
    message: 'Product Disable successfully.',
  }),
)

export const loader = endpoints.loader
export const action = endpoints.action

import { api } from '~/api/endpoint.server'
import { productStatusEndpoint } from '~/api/products.server'

// The spec's admin toasts, uncrossed (product.md): enable says enable.
const endpoints = api(
  productStatusEndpoint({
    path: '/product/admin/enable/{pId}',
    status: 'published',
    admin: true,
    message: 'Product enable successfully.',
  }),
)

export const loader = endpoints.loader
export const action = endpoints.action

import { api } from '~/api/endpoint.server'
import { productStatusEndpoint } from '~/api/products.server'
import { ADMIN_PRODUCT_MESSAGES } from '~/models/product.server'

const endpoints = api(
  productStatusEndpoint({
    path: '/product/admin/enable/{pId}',
    status: 'published',
    admin: true,
    message: ADMIN_PRODUCT_MESSAGES.published,
  }),
)

export const loader = endpoints.loader
export const action = endpoints.action

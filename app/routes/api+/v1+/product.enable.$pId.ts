import { api } from '~/api/endpoint.server'
import { productStatusEndpoint } from '~/api/products.server'

const endpoints = api(
  productStatusEndpoint({
    path: '/product/enable/{pId}',
    status: 'published',
    admin: false,
    message: 'Successfully enabled product.',
  }),
)

export const loader = endpoints.loader
export const action = endpoints.action

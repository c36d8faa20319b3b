import { api } from '~/api/endpoint.server'
import { productStatusEndpoint } from '~/api/products.server'

const endpoints = api(
  productStatusEndpoint({
    path: '/product/disable/{pId}',
    status: 'disabled',
    admin: false,
    message: 'Successfully disabled product.',
  }),
)

export const loader = endpoints.loader
export const action = endpoints.action

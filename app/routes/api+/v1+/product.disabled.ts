import { api } from '~/api/endpoint.server'
import { productListEndpoint } from '~/api/products.server'

const endpoints = api(
  productListEndpoint(
    '/product/disabled/',
    'disabled',
    "A manager's own disabled products (all for an admin; a pm has no such list: 404)",
  ),
)

export const loader = endpoints.loader
export const action = endpoints.action

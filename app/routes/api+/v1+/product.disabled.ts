import { api } from '~/api/endpoint.server'
import { productListEndpoint } from '~/api/products.server'

export const { loader, action } = api(
  productListEndpoint(
    '/product/disabled/',
    'disabled',
    "A manager's own disabled products (all for an admin; a pm has no such list: 404)",
  ),
)

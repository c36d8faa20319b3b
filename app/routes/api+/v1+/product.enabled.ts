import { api } from '~/api/endpoint.server'
import { productListEndpoint } from '~/api/products.server'

export const { loader, action } = api(
  productListEndpoint('/product/enabled/', 'catalog', 'The published products the caller may see'),
)

import { api } from '~/api/endpoint.server'
import { productListEndpoint } from '~/api/products.server'

const endpoints = api(
  productListEndpoint('/product/enabled/', 'catalog', 'The published products the caller may see'),
)

export const loader = endpoints.loader
export const action = endpoints.action

import { api } from '~/api/endpoint.server'
import { productStatusEndpoint } from '~/api/products.server'

export const { loader, action } = api(
  productStatusEndpoint({
    path: '/product/enable/{pId}',
    status: 'published',
    admin: false,
    message: 'Successfully enabled product.',
  }),
)

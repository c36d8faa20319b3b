import { api } from '~/api/endpoint.server'
import { productStatusEndpoint } from '~/api/products.server'

export const { loader, action } = api(
  productStatusEndpoint({
    path: '/product/disable/{pId}',
    status: 'disabled',
    admin: false,
    message: 'Successfully disabled product.',
  }),
)

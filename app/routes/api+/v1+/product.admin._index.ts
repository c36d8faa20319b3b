import { api, endpoint } from '~/api/endpoint.server'
import { pageWire, productWire } from '~/api/serializers.server'
import { pageOf, ProductWire } from '~/api/wire-schemas'
import { listAdminProducts } from '~/models/product.server'
import { ok } from '~/core/result'
import { AdminProductListQuery } from '~/schemas/list-queries'

const endpoints = api(
  endpoint({
    method: 'GET',
    path: '/product/admin',
    tag: 'Products',
    summary: "Every manager's products (admins), narrowed by status, market and productId",
    roles: ['admin'],
    query: AdminProductListQuery,
    response: pageOf(ProductWire),
    handler: ({ user, query }) => {
      const list = listAdminProducts(user, query)
      return list.ok ? ok(pageWire(list, productWire)) : list
    },
  }),
)

export const loader = endpoints.loader
export const action = endpoints.action

import { api, endpoint } from '~/api/endpoint.server'
import { pageWire, productWire } from '~/api/serializers.server'
import { pageOf, ProductWire } from '~/api/wire-schemas'
import { listProducts } from '~/models/product.server'
import { ok } from '~/models/result'
import { AdminProductListQuery } from '~/schemas/list-queries'

const SCOPES = { all: 'all', published: 'catalog', disabled: 'disabled' } as const

const endpoints = api(
  endpoint({
    method: 'GET',
    path: '/product/admin',
    tag: 'Products',
    summary: "Every manager's products (admins), narrowed by status, market and productId",
    roles: ['admin'],
    query: AdminProductListQuery,
    response: pageOf(ProductWire),
    handler: ({ user, query: { status = 'all', ...filters } }) => {
      const list = listProducts(user, SCOPES[status], filters)
      return list.ok ? ok(pageWire(list, productWire)) : list
    },
  }),
)

export const loader = endpoints.loader
export const action = endpoints.action

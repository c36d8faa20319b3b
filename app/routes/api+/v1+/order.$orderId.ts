import { z } from 'zod'
import { api, endpoint } from '~/api/endpoint.server'
import { orderWire } from '~/api/serializers.server'
import { listOf, OrderWire } from '~/api/wire-schemas'
import { getOrder } from '~/models/order.server'
import { ok } from '~/core/result'
import { positiveInt } from '~/schemas/list-queries'

const endpoints = api(
  endpoint({
    method: 'GET',
    path: '/order/{orderId}',
    tag: 'Orders',
    summary: 'One order',
    description:
      'A list whose first entry is the order (spec section 7). 404 for an order the caller may not see.',
    params: z.object({ orderId: positiveInt.describe('The order id') }),
    refusals: [404],
    response: listOf(OrderWire),
    handler: ({ user, params }) => {
      const found = getOrder(user, params.orderId)
      if (!found.ok) return found
      return ok({ data: [orderWire(found.order)] })
    },
  }),
)

export const loader = endpoints.loader
export const action = endpoints.action

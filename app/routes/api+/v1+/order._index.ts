import { api, endpoint } from '~/api/endpoint.server'
import { ORDER_LISTS } from '~/api/orders.server'
import { MessageWire } from '~/api/wire-schemas'
import { createOrder } from '~/models/order.server'
import { ok } from '~/core/result'
import { NewOrderSchema } from '~/validation/order'

const endpoints = api(
  ORDER_LISTS['/order/'](),
  endpoint({
    method: 'POST',
    path: '/order/',
    tag: 'Orders',
    summary: 'Record an order (pm)',
    roles: ['pm'],
    description:
      'A multipart form with the new-order fields (orderNumber, market, pId, paypal, orderScreenshot, refundScreenshot, buyerContact, remark). Needs the caller’s active reservation on the product, which becomes the order; or, a late order, one that expired less than 24 hours ago while the product is published and has a unit left on that reservation’s business day (409 naming the reason otherwise).',
    body: {
      type: 'multipart',
      schema: NewOrderSchema,
      wrongTypeMessage:
        'Please send the order as a multipart form (multipart/form-data) with its pictures.',
    },
    status: 201,
    refusals: [409],
    response: MessageWire,
    handler: async ({ user, body }) => {
      const created = await createOrder(user, body)
      if (!created.ok) return created
      return ok({ success: true as const, message: created.message })
    },
  }),
)

export const loader = endpoints.loader
export const action = endpoints.action

import { api, endpoint } from '~/api/endpoint.server'
import { ORDER_LISTS } from '~/api/orders.server'
import { MessageWire } from '~/api/wire-schemas'
import { createOrder } from '~/models/order.server'
import { ok } from '~/core/result'
import { idempotencyKeyOf } from '~/utils/idempotency.server'
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
      'A multipart form with the new-order fields (orderNumber, market, pId, paypal, orderScreenshot, refundScreenshot, buyerContact, remark). Needs the caller’s active reservation on the product, which becomes the order; or, a late order, one that expired less than 24 hours ago while the product is published and has a unit left on that reservation’s business day (409 naming the reason otherwise). An `Idempotency-Key` header (1 to 255 visible characters) makes a retry safe for 24 hours: the same key with the same body answers the first result again without a second order; the same key with another body is refused with 422.',
    body: {
      type: 'multipart',
      schema: NewOrderSchema,
      wrongTypeMessage:
        'Please send the order as a multipart form (multipart/form-data) with its pictures.',
    },
    status: 201,
    refusals: [409, 422],
    response: MessageWire,
    handler: async ({ request, user, body }) => {
      const created = await createOrder(user, body, new Date(), idempotencyKeyOf(request))
      if (!created.ok) return created
      return ok({
        success: true as const,
        message: created.message,
        // The new order's own endpoint, as the Location header (the outbox links to the order).
        location: `/api/v1/order/${created.order.id}`,
      })
    },
  }),
)

export const loader = endpoints.loader
export const action = endpoints.action

import { z } from 'zod'
import { api, endpoint } from '~/api/endpoint.server'
import { MessageWire } from '~/api/wire-schemas'
import { findOrderByNumber, updateOrder } from '~/models/order.server'
import { ok } from '~/core/result'
import { positiveIdValue } from '~/schemas/list-queries'
import { ORDER_FIELD_MESSAGES, OrderUpdateSchema } from '~/validation/order'

const endpoints = api(
  endpoint({
    method: 'PATCH',
    path: '/order/update',
    tag: 'Orders',
    summary: 'Edit an order (its pm, admin)',
    description:
      'JSON with the order-update payload: orderNumber, productId (names the order with orderNumber; never changed), customerEmail, facebookIdentity, market, status, remark. To rename an order, send its current number as `currentOrderNumber`.',
    body: {
      type: 'json',
      schema: OrderUpdateSchema.extend({
        market: positiveIdValue(ORDER_FIELD_MESSAGES.market),
        productId: z.unknown().optional(),
        currentOrderNumber: z.string().trim().min(1).optional(),
      }),
    },
    refusals: [403, 404, 409],
    response: MessageWire,
    handler: ({ user, body }) => {
      const found = findOrderByNumber(user, body.currentOrderNumber ?? body.orderNumber)
      if (!found.ok) return found
      const changed = updateOrder(user, found.orderId, body)
      if (!changed.ok) return changed
      return ok({ success: true as const, message: changed.message })
    },
  }),
)

export const loader = endpoints.loader
export const action = endpoints.action

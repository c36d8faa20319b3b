import { z } from 'zod'
import { api, endpoint } from '~/api/endpoint.server'
import { MessageWire } from '~/api/wire-schemas'
import { changeOrderStatus, findOrderByNumber } from '~/models/order.server'
import { ok } from '~/core/result'
import { positiveIdValue } from '~/schemas/list-queries'

const endpoints = api(
  endpoint({
    method: 'PATCH',
    path: '/order/status',
    tag: 'Orders',
    summary: 'Change an order’s status',
    description:
      'JSON `{ values: { statusModel, ordernumber } }` (spec section 7): a status id among the caller’s choices (pm: ordered, reviewed, cancelled; pmm: delivered, refunded, review_deleted, onhold, commission, pending; admin: any). Add `market` when the number is used in several markets.',
    body: {
      type: 'json',
      schema: z.object({
        values: z.object({
          statusModel: z.string({ required_error: 'Please choose a status.' }).trim().min(1),
          ordernumber: z.string({ required_error: 'Order Number is required' }).trim().min(1),
          market: positiveIdValue('Please send the market id.').optional(),
        }),
      }),
    },
    refusals: [403, 404],
    response: MessageWire,
    handler: ({ user, body }) => {
      const found = findOrderByNumber(user, body.values.ordernumber, body.values.market)
      if (!found.ok) return found
      const changed = changeOrderStatus(user, found.orderId, body.values.statusModel)
      if (!changed.ok) return changed
      return ok({ success: true as const, message: changed.message })
    },
  }),
)

export const loader = endpoints.loader
export const action = endpoints.action

import { z } from 'zod'
import { endpoint } from '~/api/endpoint.server'
import { orderWire, pageWire } from '~/api/serializers.server'
import { MessageWire, OrderWire, pageOf } from '~/api/wire-schemas'
import { findOrderByNumber, listOrders, setOrderPicture } from '~/models/order.server'
import type { OrderPictureKind } from '~/models/permissions'
import { ok } from '~/core/result'
import { OrderListQuery, positiveInt } from '~/schemas/list-queries'
import { picture } from '~/validation/product'

/** A list of orders the caller may see: GET /order, /order/complete, /order/admin/allDashboard. */
function orderListEndpoint(options: {
  path: string
  summary: string
  description: string
  completed?: boolean
  admin?: boolean
}) {
  return endpoint({
    method: 'GET',
    path: options.path,
    tag: 'Orders',
    summary: options.summary,
    description: options.description,
    ...(options.admin ? { roles: ['admin'] as const } : {}),
    query: options.admin
      ? OrderListQuery.extend({ orderId: positiveInt.optional(), market: positiveInt.optional() })
      : OrderListQuery,
    response: z.object({ data: pageOf(OrderWire) }),
    handler: ({ user, query }) => {
      const listed = listOrders(user, { ...query, completed: options.completed })
      if (!listed.ok) return listed
      return ok({ data: pageWire(listed, orderWire) })
    },
  })
}

const FIELD = { order: 'orderScreenshot', refund: 'refundScreenshot', review: 'reviewScreenshot' }

/** PUT /order/upload/ordered|refund|review: one of the three pictures, by order number. */
export function orderUploadEndpoint(kind: OrderPictureKind, path: string) {
  const field = FIELD[kind]
  return endpoint({
    method: 'PUT',
    path,
    tag: 'Orders',
    summary: `Upload the ${kind} picture`,
    description: `A multipart form with \`${field}\` and \`orderNumber\` (and \`market\` when the number is used in several markets). Order and review pictures: the pm who made the order; refund: the pmm who owns the product; admins any.`,
    body: {
      type: 'multipart',
      schema: z.object({
        orderNumber: z.string({ required_error: 'Order Number is required' }).trim().min(1),
        market: z.number().int().positive().optional(),
        [field]: picture('Please choose a picture.'),
      }),
      wrongTypeMessage: `Please send the picture as a multipart form (multipart/form-data) with ${field}.`,
    },
    refusals: [403, 404],
    response: MessageWire,
    handler: async ({ user, body }) => {
      const form = body as { orderNumber: string; market?: number } & Record<string, unknown>
      const found = findOrderByNumber(user, form.orderNumber, form.market)
      if (!found.ok) return found
      const changed = await setOrderPicture(user, found.orderId, kind, form[field] as File)
      if (!changed.ok) return changed
      return ok({ success: true as const, message: changed.message })
    },
  })
}

/** The three order lists of spec section 7, each declared once, by path. */
export const ORDER_LISTS = {
  '/order/': () =>
    orderListEndpoint({
      path: '/order/',
      summary: 'The orders the caller may see',
      description:
        'A pm sees their own, a pmm those on their products, an admin all; newest change first, 25 a page.',
    }),
  '/order/complete': () =>
    orderListEndpoint({
      path: '/order/complete',
      summary: 'Completed orders',
      description: 'Orders in status Commission that the caller may see.',
      completed: true,
    }),
  '/order/admin/allDashboard': () =>
    orderListEndpoint({
      path: '/order/admin/allDashboard',
      summary: 'Every order (admin)',
      description: 'All orders with the list’s filters.',
      admin: true,
    }),
}

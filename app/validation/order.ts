import { z } from 'zod'
import { ORDER_FIELD_MESSAGES, ORDER_TEXT_LIMITS as L, STATUS_REQUIRED } from './order.checks'
import { tooLong } from './check'
import { choice, picture, productIdSchema } from './product'
import { requiredText, withoutControlCharacters } from './text'

export { ORDER_FIELD_MESSAGES }

const optionalText = (max: number) =>
  withoutControlCharacters(z.string().trim().max(max, tooLong(max))).default('')

const marketId = choice(ORDER_FIELD_MESSAGES.market)

/** The customer's PayPal email: required, with no format check (spec section 5). */
const customerEmail = requiredText(ORDER_FIELD_MESSAGES.paypal, L.email)

/** The Add tab on /orders and POST /order/ (multipart), field names as spec section 3. */
export const NewOrderSchema = z.object({
  orderNumber: requiredText(ORDER_FIELD_MESSAGES.orderNumber, L.orderNumber),
  market: marketId,
  pId: productIdSchema(ORDER_FIELD_MESSAGES.pId),
  paypal: customerEmail,
  orderScreenshot: picture(ORDER_FIELD_MESSAGES.orderScreenshot),
  refundScreenshot: z.instanceof(File).optional(),
  buyerContact: optionalText(L.contact),
  remark: optionalText(L.remark),
})

export type NewOrderInput = z.infer<typeof NewOrderSchema>

/**
 * The edit form on the order detail and PATCH /order/update, field names as spec section 3's
 * order-update payload. productId is shown but never changed; status is optional.
 */
export const OrderUpdateSchema = z.object({
  orderNumber: requiredText(ORDER_FIELD_MESSAGES.orderNumber, L.orderNumber),
  customerEmail,
  facebookIdentity: optionalText(L.contact),
  market: marketId,
  status: z.string().trim().max(L.status).optional(),
  remark: optionalText(L.remark),
})

export type OrderUpdateInput = z.infer<typeof OrderUpdateSchema>

/** The Change Status dialog: one of the viewer's status choices. */
export const StatusChangeSchema = z.object({
  status: z
    .string({ required_error: STATUS_REQUIRED })
    .trim()
    .min(1, STATUS_REQUIRED)
    .max(L.status),
})

import { z } from 'zod'
import { picture, PID_MESSAGES } from './product'
import { withoutControlCharacters } from './text'

// Spec section 5, New order: the five required messages to the letter.
export const ORDER_FIELD_MESSAGES = {
  orderNumber: 'Order Number is required',
  market: 'Market is required',
  pId: 'Product ID is required',
  paypal: 'Customer email is required',
  orderScreenshot: 'Order Picture is required',
} as const

const required = (message: string, max: number) =>
  withoutControlCharacters(
    z
      .string({ required_error: message, invalid_type_error: message })
      .trim()
      .min(1, message)
      .max(max, `Please keep this under ${max} characters.`),
  )

const optionalText = (max: number) =>
  withoutControlCharacters(
    z.string().trim().max(max, `Please keep this under ${max} characters.`),
  ).default('')

const marketId = z
  .number({
    required_error: ORDER_FIELD_MESSAGES.market,
    invalid_type_error: ORDER_FIELD_MESSAGES.market,
  })
  .int(ORDER_FIELD_MESSAGES.market)
  .positive(ORDER_FIELD_MESSAGES.market)

/** The customer's PayPal email: required, with no format check (spec section 5). */
const customerEmail = required(ORDER_FIELD_MESSAGES.paypal, 254)

/** The Add tab on /orders and POST /order/ (multipart), field names as spec section 3. */
export const NewOrderSchema = z.object({
  orderNumber: required(ORDER_FIELD_MESSAGES.orderNumber, 100),
  market: marketId,
  pId: z
    .number({ required_error: ORDER_FIELD_MESSAGES.pId, invalid_type_error: PID_MESSAGES.number })
    .int(PID_MESSAGES.number)
    .min(100000, PID_MESSAGES.min)
    .max(999999, PID_MESSAGES.max),
  paypal: customerEmail,
  orderScreenshot: picture(ORDER_FIELD_MESSAGES.orderScreenshot),
  refundScreenshot: z.instanceof(File).optional(),
  buyerContact: optionalText(200),
  remark: optionalText(2000),
})
export type NewOrderInput = z.infer<typeof NewOrderSchema>

/**
 * The edit form on the order detail and PATCH /order/update, field names as spec section 3's
 * order-update payload. productId is shown but never changed; status is optional.
 */
export const OrderUpdateSchema = z.object({
  orderNumber: required(ORDER_FIELD_MESSAGES.orderNumber, 100),
  customerEmail,
  facebookIdentity: optionalText(200),
  market: marketId,
  status: z.string().trim().max(40).optional(),
  remark: optionalText(2000),
})
export type OrderUpdateInput = z.infer<typeof OrderUpdateSchema>

/** The Change Status dialog: one of the viewer's status choices. */
export const StatusChangeSchema = z.object({
  status: z
    .string({ required_error: 'Please choose a status.' })
    .trim()
    .min(1, 'Please choose a status.')
    .max(40),
})

import { anything, choice, file, text, tooLong, type FormChecks } from './check'
import { productId } from './product-id.checks'

// Spec section 5, New order: the five required messages to the letter.
export const ORDER_FIELD_MESSAGES = {
  orderNumber: 'Order Number is required',
  market: 'Market is required',
  pId: 'Product ID is required',
  paypal: 'Customer email is required',
  orderScreenshot: 'Order Picture is required',
} as const
export const ORDER_TEXT_LIMITS = {
  orderNumber: 100,
  email: 254,
  contact: 200,
  remark: 2000,
  status: 40,
} as const
export const STATUS_REQUIRED = 'Please choose a status.'
/** zod's own message for a status over its length (a select's value: only a forged one is). */
export const STATUS_TOO_LONG = `String must contain at most ${ORDER_TEXT_LIMITS.status} character(s)`

const L = ORDER_TEXT_LIMITS
const M = ORDER_FIELD_MESSAGES
const required = (message: string, max: number) => text(message, [max, tooLong(max)])
const optionalText = (max: number) => text(undefined, [max, tooLong(max)])
const market = choice(M.market)

export const NEW_ORDER_CHECKS = {
  fields: {
    orderNumber: required(M.orderNumber, L.orderNumber),
    market,
    pId: productId(M.pId),
    paypal: required(M.paypal, L.email),
    orderScreenshot: file(M.orderScreenshot),
    refundScreenshot: anything,
    buyerContact: optionalText(L.contact),
    remark: optionalText(L.remark),
  },
} satisfies FormChecks

export const ORDER_UPDATE_CHECKS = {
  fields: {
    orderNumber: required(M.orderNumber, L.orderNumber),
    customerEmail: required(M.paypal, L.email),
    facebookIdentity: optionalText(L.contact),
    market,
    status: (v) =>
      typeof v === 'string' && v.trim().length > L.status ? STATUS_TOO_LONG : undefined,
    remark: optionalText(L.remark),
  },
} satisfies FormChecks

export const STATUS_CHANGE_CHECKS = {
  fields: {
    status: (v) => {
      if (typeof v !== 'string' || v === '') return { fatal: STATUS_REQUIRED }
      const s = v.trim()
      return !s ? STATUS_REQUIRED : s.length > L.status ? STATUS_TOO_LONG : undefined
    },
  },
} satisfies FormChecks

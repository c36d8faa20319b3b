import { atLeast, atMost, num, whole, type FormChecks } from './check'

// Spec section 5, reserve form on the Products screen: every message to the letter.
export const PID_MESSAGES = {
  required: 'Please enter Product ID',
  number: 'Please enter number.',
  min: 'Enter 6 digits product ID.',
  max: "Please don't exceed over 6 digits product ID.",
} as const
export const PID_MIN = 100000
export const PID_MAX = 999999

/** A product id's checks after its required message (the reserve and new-order forms). */
export const productId = (required: string) =>
  num(
    required,
    PID_MESSAGES.number,
    whole(PID_MESSAGES.number),
    atLeast(PID_MIN, PID_MESSAGES.min),
    atMost(PID_MAX, PID_MESSAGES.max),
  )

export const RESERVE_CHECKS = {
  fields: { pId: productId(PID_MESSAGES.required) },
} satisfies FormChecks

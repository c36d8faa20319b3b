import { z } from 'zod'
import {
  hasCents,
  isCalendarDate,
  MONEY_MAX,
  moneyMessages,
  PRODUCT_MESSAGES as P,
  PRODUCT_TEXT_LIMITS,
  PRODUCT_TEXT_MAX,
  UNITS_MAX,
  unitsMessages,
} from './product.checks'
import { PID_MAX, PID_MESSAGES, PID_MIN } from './product-id.checks'
import { requiredText } from './text'

export { isCalendarDate, PID_MESSAGES }

// Spec section 5, reserve form on the Products screen: every message to the letter.
/** A product id, `required` when missing (the reserve and new-order forms). */
export const productIdSchema = (required: string) =>
  z
    .number({ required_error: required, invalid_type_error: PID_MESSAGES.number })
    .int(PID_MESSAGES.number)
    .min(PID_MIN, PID_MESSAGES.min)
    .max(PID_MAX, PID_MESSAGES.max)

export const ProductIdSchema = productIdSchema(PID_MESSAGES.required)

export const ReserveSchema = z.object({ pId: ProductIdSchema })

/**
 * The server's reading of a product id typed as free text (the Reservations screen, the API):
 * the same rules and messages as the Products screen's form.
 */
export function parseProductId(
  raw: unknown,
): { ok: true; pId: number } | { ok: false; message: string } {
  let value: unknown = raw
  if (typeof raw === 'string') {
    const text = raw.trim()
    value = text === '' ? undefined : /^[+-]?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN
  }
  const parsed = ProductIdSchema.safeParse(value)
  return parsed.success
    ? { ok: true, pId: parsed.data }
    : { ok: false, message: parsed.error.issues[0]?.message ?? PID_MESSAGES.number }
}

const text = (message: string, max = PRODUCT_TEXT_MAX) => requiredText(message, max)

/** A select's choice: a positive id, `message` otherwise. */
export const choice = (message: string) =>
  z.number({ required_error: message, invalid_type_error: message }).int(message).positive(message)

const money = (label: string) => {
  const m = moneyMessages(label)
  return z
    .number({ required_error: m.required, invalid_type_error: m.number })
    .min(0, m.negative)
    .max(MONEY_MAX, m.tooLarge)
    .refine(hasCents, { message: m.cents })
}

const units = (label: string) => {
  const m = unitsMessages(label)
  return z
    .number({ required_error: m.required, invalid_type_error: m.whole })
    .int(m.whole)
    .min(1, m.min)
    .max(UNITS_MAX, m.tooLarge)
}

export const picture = (message: string) =>
  z.instanceof(File, { message }).refine((f) => f.size > 0 || f.name !== '', { message })

/** The ADD product form (pmm). The spec has no client-side rules; these are the server's. */
export const ProductSchema = z
  .object({
    keywords: text(P.keywords, PRODUCT_TEXT_LIMITS.keywords),
    brandName: text(P.brandName, PRODUCT_TEXT_LIMITS.brandName),
    soldBy: text(P.soldBy, PRODUCT_TEXT_LIMITS.soldBy),
    market: choice(P.market),
    chineseSeller: choice(P.chineseSeller),
    categoryId: choice(P.categoryId),
    commission: money('commission'),
    websiteCommission: money('website commission'),
    limitPerDay: units('daily sale limit'),
    limit: units('overall sale limit'),
    instruction: text(P.instruction),
    refundPolicy: text(P.refundPolicy),
    commissionPolicy: text(P.commissionPolicy),
    marketing: z.string().refine(isCalendarDate, P.marketing).optional(),
    image: picture(P.image),
    screenShot: picture(P.screenShot),
  })
  .refine((p) => p.limitPerDay <= p.limit, { path: ['limitPerDay'], message: P.limits })

export type ProductInput = z.infer<typeof ProductSchema>

import { z } from 'zod'
import { withoutControlCharacters } from './text'

export const PID_MESSAGES = {
  required: 'Please enter Product ID',
  number: 'Please enter number.',
  min: 'Enter 6 digits product ID.',
  max: "Please don't exceed over 6 digits product ID.",
} as const

// Spec section 5, reserve form on the Products screen: every message to the letter.
export const ProductIdSchema = z
  .number({ required_error: PID_MESSAGES.required, invalid_type_error: PID_MESSAGES.number })
  .int(PID_MESSAGES.number)
  .min(100000, PID_MESSAGES.min)
  .max(999999, PID_MESSAGES.max)

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

const text = (message: string, max = 2000) =>
  withoutControlCharacters(
    z
      .string({ required_error: message, invalid_type_error: message })
      .trim()
      .min(1, message)
      .max(max, `Please keep this under ${max} characters.`),
  )

const choice = (message: string) =>
  z.number({ required_error: message, invalid_type_error: message }).int(message).positive(message)

const money = (label: string) =>
  z
    .number({
      required_error: `Please enter the ${label}.`,
      invalid_type_error: `The ${label} must be a number.`,
    })
    .min(0, `The ${label} cannot be negative.`)
    .max(100000, `The ${label} is too large.`)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
      message: `The ${label} can have at most two decimals.`,
    })

const units = (label: string) =>
  z
    .number({
      required_error: `Please enter the ${label}.`,
      invalid_type_error: `The ${label} must be a whole number.`,
    })
    .int(`The ${label} must be a whole number.`)
    .min(1, `The ${label} must be at least 1.`)
    .max(1_000_000, `The ${label} is too large.`)

export const picture = (message: string) =>
  z.instanceof(File, { message }).refine((f) => f.size > 0 || f.name !== '', { message })

/** A real calendar date written YYYY-MM-DD (2030-02-31 is not one). */
export function isCalendarDate(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const d = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value
}

/** The ADD product form (pmm). The spec has no client-side rules; these are the server's. */
export const ProductSchema = z
  .object({
    keywords: text('Please enter the keywords.', 300),
    brandName: text('Please enter the brand name.', 200),
    soldBy: text('Please enter who sells the product (Sold By).', 200),
    market: choice('Please choose a market.'),
    chineseSeller: choice('Please choose a Chinese seller.'),
    categoryId: choice('Please choose a category.'),
    commission: money('commission'),
    websiteCommission: money('website commission'),
    limitPerDay: units('daily sale limit'),
    limit: units('overall sale limit'),
    instruction: text('Please enter the instruction.'),
    refundPolicy: text('Please enter the refund policy.'),
    commissionPolicy: text('Please enter the commission policy.'),
    marketing: z
      .string()
      .refine(isCalendarDate, 'Please enter the end marketing date as a date.')
      .optional(),
    image: picture('Please choose the product picture.'),
    screenShot: picture('Please choose the marketplace picture.'),
  })
  .refine((p) => p.limitPerDay <= p.limit, {
    path: ['limitPerDay'],
    message: 'The daily sale limit cannot be more than the overall sale limit.',
  })

export type ProductInput = z.infer<typeof ProductSchema>

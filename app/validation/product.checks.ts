import {
  atLeast,
  atMost,
  choice,
  file,
  num,
  optional,
  text,
  tooLong,
  whole,
  type FormChecks,
} from './check'

/** A real calendar date written YYYY-MM-DD (2030-02-31 is not one). */
export function isCalendarDate(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const d = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value
}

// The ADD product form (pmm). The spec has no client-side rules; these are the server's, and
// product.ts builds its zod schema from the same limits and messages.
export const PRODUCT_TEXT_MAX = 2000
export const MONEY_MAX = 100000
export const UNITS_MAX = 1_000_000
export const moneyMessages = (label: string) => ({
  required: `Please enter the ${label}.`,
  number: `The ${label} must be a number.`,
  negative: `The ${label} cannot be negative.`,
  tooLarge: `The ${label} is too large.`,
  cents: `The ${label} can have at most two decimals.`,
})
export const unitsMessages = (label: string) => ({
  required: `Please enter the ${label}.`,
  whole: `The ${label} must be a whole number.`,
  min: `The ${label} must be at least 1.`,
  tooLarge: `The ${label} is too large.`,
})
export const hasCents = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6
export const PRODUCT_MESSAGES = {
  keywords: 'Please enter the keywords.',
  brandName: 'Please enter the brand name.',
  soldBy: 'Please enter who sells the product (Sold By).',
  market: 'Please choose a market.',
  chineseSeller: 'Please choose a Chinese seller.',
  categoryId: 'Please choose a category.',
  instruction: 'Please enter the instruction.',
  refundPolicy: 'Please enter the refund policy.',
  commissionPolicy: 'Please enter the commission policy.',
  marketing: 'Please enter the end marketing date as a date.',
  image: 'Please choose the product picture.',
  screenShot: 'Please choose the marketplace picture.',
  limits: 'The daily sale limit cannot be more than the overall sale limit.',
} as const
export const PRODUCT_TEXT_LIMITS = { keywords: 300, brandName: 200, soldBy: 200 } as const

const P = PRODUCT_MESSAGES
const required = (message: string, max = PRODUCT_TEXT_MAX) => text(message, [max, tooLong(max)])
const money = (label: string) => {
  const m = moneyMessages(label)
  return num(m.required, m.number, atLeast(0, m.negative), atMost(MONEY_MAX, m.tooLarge), [
    hasCents,
    m.cents,
  ])
}
const units = (label: string) => {
  const m = unitsMessages(label)
  return num(m.required, m.whole, whole(m.whole), atLeast(1, m.min), atMost(UNITS_MAX, m.tooLarge))
}

export const PRODUCT_CHECKS = {
  fields: {
    keywords: required(P.keywords, PRODUCT_TEXT_LIMITS.keywords),
    brandName: required(P.brandName, PRODUCT_TEXT_LIMITS.brandName),
    soldBy: required(P.soldBy, PRODUCT_TEXT_LIMITS.soldBy),
    market: choice(P.market),
    chineseSeller: choice(P.chineseSeller),
    categoryId: choice(P.categoryId),
    commission: money('commission'),
    websiteCommission: money('website commission'),
    limitPerDay: units('daily sale limit'),
    limit: units('overall sale limit'),
    instruction: required(P.instruction),
    refundPolicy: required(P.refundPolicy),
    commissionPolicy: required(P.commissionPolicy),
    marketing: optional((v) =>
      typeof v === 'string' && isCalendarDate(v) ? undefined : P.marketing,
    ),
    image: file(P.image),
    screenShot: file(P.screenShot),
  },
  across: (form) =>
    Number(form.get('limitPerDay')) <= Number(form.get('limit'))
      ? undefined
      : ['limitPerDay', P.limits],
} satisfies FormChecks

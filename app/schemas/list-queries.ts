/**
 * One query schema per list. Pages read the URL leniently (a bad value is dropped, the list still
 * shows); the API reads it strictly (a bad value is a 400 naming the parameter). Both come from the
 * same schema, so a list's filters are declared once.
 */
import { z } from 'zod'
import { parseProductId } from '~/validation/product'
import { fail, ok, type Result } from '~/core/result'
import { USER_STATES, type UserState } from './user-states'

const WHOLE = 'please send a positive whole number.'

/** A positive whole number (an id or a page). */
export const positiveInt = z
  .string()
  .regex(/^\d{1,12}$/, WHOLE)
  .transform(Number)
  .pipe(z.number().int().min(1, WHOLE))

/**
 * A positive whole number in a JSON body: a number, or a string of digits. Anything else (an
 * object, an array, `true`) is refused with `message`, never coerced: `z.coerce` calls `Number()`
 * on whatever came, and `Number({ toString: 'x' })` throws.
 */
export const positiveIdValue = (message: string) =>
  z.preprocess(
    (value) =>
      typeof value === 'string' && /^\s*\d{1,12}\s*$/.test(value) ? Number(value) : value,
    z
      .number({ required_error: message, invalid_type_error: message })
      .int(message)
      .positive(message),
  )

/** A 6-digit product id, with the product id rules and messages. */
export const productIdParam = z.string().transform((raw, ctx) => {
  const parsed = parseProductId(raw)
  if (parsed.ok) return parsed.pId
  ctx.addIssue({ code: z.ZodIssueCode.custom, message: parsed.message })
  return z.NEVER
})

/** Free text, trimmed. */
export const searchText = (max = 300) =>
  z.string().max(max, `please send at most ${max} characters.`)

/** A list's order: ascending or descending. */
export const SORT_DIRECTIONS = ['asc', 'desc'] as const
export type SortDirection = (typeof SORT_DIRECTIONS)[number]

/**
 * A list's sort parameters: `sort` (one of the list's column keys) and `dir` (asc or desc). Like
 * every filter, an unknown value is dropped by pages and a 400 naming it for the API.
 */
export function sortParams<const Keys extends readonly [string, ...string[]]>(keys: Keys) {
  return {
    sort: z
      .enum(keys, { errorMap: () => ({ message: `please send one of ${keys.join(', ')}.` }) })
      .optional(),
    dir: z
      .enum(SORT_DIRECTIONS, { errorMap: () => ({ message: 'please send asc or desc.' }) })
      .optional(),
  }
}

/** The columns a product list sorts by: newest first unless asked otherwise. */
export const PRODUCT_SORTS = ['createdAt', 'pId', 'limit', 'commission'] as const
export type ProductSort = (typeof PRODUCT_SORTS)[number]

/** The catalog filters: Products, Disabled Products, Buyer Link and the /product lists. */
export const ProductListQuery = z.object({
  chineseSeller: positiveInt.optional(),
  market: positiveInt.optional(),
  categoryId: positiveInt.optional(),
  searchByKey: searchText().optional(),
  productId: productIdParam.optional(),
  page: positiveInt.optional(),
  ...sortParams(PRODUCT_SORTS),
})
export type ProductListFilters = z.infer<typeof ProductListQuery>

/** The admin product list also narrows by status. */
export const AdminProductListQuery = ProductListQuery.extend({
  status: z
    .enum(['all', 'published', 'disabled'], {
      errorMap: () => ({ message: 'please send published, disabled or all.' }),
    })
    .optional(),
})
export type AdminProductListFilters = z.infer<typeof AdminProductListQuery>

/**
 * The reserved lists: market, the managing pmm (sellerName) and the product id, which the spec
 * names searchByID in one reading and productId in another (both are accepted; they must agree).
 */
export const ReservationListQuery = z.object({
  market: positiveInt.optional(),
  sellerName: positiveInt.optional(),
  searchByID: productIdParam.optional(),
  productId: productIdParam.optional(),
  page: positiveInt.optional(),
})
export type ReservationListFilters = {
  market?: number
  sellerName?: number
  productId?: number
  page?: number
}

/** The two spellings of the reserved lists' product id, as one filter. */
export function reservationFilters(
  q: z.infer<typeof ReservationListQuery>,
): Result<{ filters: ReservationListFilters }> {
  if (q.searchByID && q.productId && q.searchByID !== q.productId) {
    return fail('invalid', 'searchByID and productId are the same filter; please send one of them.')
  }
  const { searchByID, productId, ...rest } = q
  return ok({ filters: { ...rest, productId: searchByID ?? productId } })
}

/** The columns an order list sorts by: last change first unless asked otherwise. */
export const ORDER_SORTS = ['updatedAt', 'orderNumber', 'sellerId', 'commission', 'status'] as const
export type OrderSort = (typeof ORDER_SORTS)[number]

/**
 * The order lists (spec section 7, GET /order): status (a status id), customerEmail and
 * orderNumber (parts of them), searchById (the product id).
 */
export const OrderListQuery = z.object({
  status: z
    .string()
    .regex(/^[a-z_]{1,40}$/, 'please send a status id.')
    .optional(),
  customerEmail: searchText(254).optional(),
  searchById: productIdParam.optional(),
  orderNumber: searchText(100).optional(),
  /** The dashboard's 'yearly' card: orders last updated over one year ago. */
  yearly: z.enum(['1', 'true'], { message: 'please send yearly=1.' }).optional(),
  page: positiveInt.optional(),
  ...sortParams(ORDER_SORTS),
})
export type OrderListFilters = z.infer<typeof OrderListQuery>

/** The days a date filter may name: later ones overflow the date arithmetic of a report. */
export const DAY_RANGE = { first: '2000-01-01', last: '2099-12-31' } as const

/**
 * A calendar day, YYYY-MM-DD (a real date, within DAY_RANGE). The date checks run only on what
 * has the format (`pipe`): a refine after a failed regex would still run, and throw.
 */
export const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'please send a date as YYYY-MM-DD.')
  .pipe(
    z
      .string()
      .refine((d) => {
        const time = Date.parse(`${d}T00:00:00Z`) // NaN for a month 13, which would throw below
        return !Number.isNaN(time) && new Date(time).toISOString().startsWith(d)
      }, 'please send a real date.')
      .refine(
        (d) => d >= DAY_RANGE.first && d <= DAY_RANGE.last,
        `please send a date from ${DAY_RANGE.first} to ${DAY_RANGE.last}.`,
      ),
  )

/**
 * The order reports (product.md, Reports): status, manager (pmm id), marketer (pm id), Chinese
 * seller, and the creation days from and to (both included; today when absent).
 */
export const OrderReportQuery = z.object({
  status: OrderListQuery.shape.status,
  manager: positiveInt.optional(),
  marketer: positiveInt.optional(),
  chineseSeller: positiveInt.optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
})
export type OrderReportFilters = z.infer<typeof OrderReportQuery>

/** The Scammer PayPal list: free text over email and reason. */
export const ScammerListQuery = z.object({
  q: searchText().optional(),
  page: positiveInt.optional(),
})
export type ScammerListFilters = z.infer<typeof ScammerListQuery>

/** The admin markets list: a part of the name or short name. */
export const MarketListQuery = z.object({
  q: searchText(100).optional(),
  page: positiveInt.optional(),
})
export type MarketListFilters = z.infer<typeof MarketListQuery>

/** The columns a user list sorts by: newest (highest ID) first unless asked otherwise. */
export const USER_SORTS = ['id', 'name'] as const
export type UserSort = (typeof USER_SORTS)[number]

/** The admin user lists: a part of the name, the user's ID (their `count`) and the page. */
const userListShape = {
  name: searchText(100).optional(),
  page: positiveInt.optional(),
  ...sortParams(USER_SORTS),
}

/** /all/pmm and GET /user/pmm: live managers, by name and by ID (`pmmId`). */
export const PmmListQuery = z.object({ ...userListShape, pmmId: positiveInt.optional() })

/** /all/pm and GET /user/pm: live marketers, by name and by ID (`pmId`). */
export const PmListQuery = z.object({ ...userListShape, pmId: positiveInt.optional() })

export { USER_STATES, type UserState } from './user-states'

/** /all/user/deleted and GET /user/all: every pm and pmm, by name, ID (`userId`) and state. */
export const AllUsersListQuery = z.object({
  ...userListShape,
  userId: positiveInt.optional(),
  state: z
    .enum(USER_STATES, {
      errorMap: () => ({ message: 'please send enabled, disabled or deleted.' }),
    })
    .optional(),
})

/** What the user list model filters by, whichever list asked. */
export type UserListFilters = {
  name?: string
  id?: number
  state?: UserState
  page?: number
  sort?: UserSort
  dir?: SortDirection
}

/** The query schema of each user list. */
export const USER_LIST_QUERIES = {
  pmm: PmmListQuery,
  pm: PmListQuery,
  all: AllUsersListQuery,
} as const

/** A user list's query as the model takes it: the list's own name for the ID is `id`. */
export function userListFilters(query: {
  name?: string
  page?: number
  sort?: UserSort
  dir?: SortDirection
  pmmId?: number
  pmId?: number
  userId?: number
  state?: UserState
}): UserListFilters {
  const { pmmId, pmId, userId, ...rest } = query
  return { ...rest, id: pmmId ?? pmId ?? userId }
}

type QuerySchema = z.ZodObject<z.ZodRawShape>

/** The declared parameters of the query string; empty values count as absent. */
function rawQuery(schema: QuerySchema, params: URLSearchParams) {
  const raw: Record<string, string> = {}
  for (const key of Object.keys(schema.shape)) {
    const value = params.get(key)?.trim()
    if (value) raw[key] = value
  }
  return raw
}

/** Pages: every parameter that does not parse is dropped, so a hand-edited URL still shows a list. */
export function readQueryLenient<S extends QuerySchema>(
  schema: S,
  params: URLSearchParams,
): z.infer<S> {
  const raw = rawQuery(schema, params)
  for (const [key, value] of Object.entries(raw)) {
    if (!schema.shape[key].safeParse(value).success) delete raw[key]
  }
  return schema.parse(raw)
}

/** The API: the first parameter that does not parse is a refusal naming it. */
export function readQueryStrict<S extends QuerySchema>(
  schema: S,
  params: URLSearchParams,
): Result<{ value: z.infer<S> }> {
  const parsed = schema.safeParse(rawQuery(schema, params))
  if (parsed.success) return ok({ value: parsed.data })
  const issue = parsed.error.issues[0]
  return fail('invalid', `Invalid ${issue?.path.join('.')}: ${issue?.message}`)
}

/** Pages: the reserved lists' filters from the URL, leniently (disagreeing ids: the first wins). */
export function reservationFiltersFromUrl(params: URLSearchParams): ReservationListFilters {
  const { searchByID, productId, ...rest } = readQueryLenient(ReservationListQuery, params)
  return { ...rest, productId: searchByID ?? productId }
}

/** The JSON the API answers, as zod schemas: they document the responses in the OpenAPI file. */
import { z } from 'zod'
import { USER_STATES } from '~/schemas/list-queries'

const id = z.string().describe('A record id, as a string')
const dateTime = z.string().datetime({ offset: true }).describe('ISO 8601 date and time')
const pictureSet = z.object({ thumb: z.string(), medium: z.string(), original: z.string() })

export const ErrorWire = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.array(z.string())).optional().describe('Every message, by field'),
  requestId: z.string().optional(),
})

export const MessageWire = z.object({ success: z.literal(true), message: z.string() })

/** A bulk status change (PATCH /order/bulk/status): what it changed, skipped, and its Undo. */
export const BulkStatusWire = MessageWire.extend({
  data: z.object({
    batch: z.number().int().nullable(),
    changed: z.number().int(),
    skipped: z.array(z.object({ ordernumber: z.string(), reason: z.string() })),
    undoUntil: z.string().nullable(),
  }),
})

export const ProductWire = z.object({
  _id: id,
  pId: z.number().int().min(100000).max(999999),
  keywords: z.string(),
  brandName: z.string(),
  soldBy: z.string(),
  sellerName: z.string().describe("The managing pmm's name"),
  market: z.object({ _id: id, name: z.string(), shortName: z.string() }),
  chineseSeller: z.object({ _id: id, name: z.string() }),
  categoryId: id,
  category: z.object({ _id: id, name: z.string() }),
  commission: z.number(),
  websiteCommission: z.number(),
  limitPerDay: z.number().int(),
  limit: z.number().int(),
  todayRemaining: z.number().int(),
  totalRemaining: z.number().int(),
  instruction: z.string(),
  refundPolicy: z.string(),
  commissionPolicy: z.string(),
  marketing: z.string().nullable().describe('End marketing date, YYYY-MM-DD'),
  marketingEnded: z.boolean(),
  status: z.enum(['published', 'disabled']),
  ownerId: z.number().int(),
  reservedByYou: z.boolean(),
  image: pictureSet,
  screenShot: pictureSet,
  createdAt: dateTime,
})

export const ReservationWire = z.object({
  number: z.number().int(),
  _id: id,
  userId: z.object({ _id: id, name: z.string() }),
  reserveBy: z.string(),
  sellerName: z.string(),
  productId: z.object({ pId: z.number().int(), brandName: z.string(), image: z.string() }),
  market: z.string(),
  createdAt: dateTime,
  expiresAt: dateTime,
  minutesLeft: z.number().int(),
  canRelease: z.boolean(),
})

export const UserWire = z.object({
  _id: id,
  count: z.number().int(),
  name: z.string(),
  email: z.string(),
  address: z.string(),
  cnic: z.string(),
  role: z.enum(['pm', 'pmm', 'admin']),
  city: z.string(),
  country: z.string(),
  phone: z.string(),
  profile: z.string(),
  isEnable: z.boolean(),
  createdAt: dateTime,
})

export const ListedUserWire = UserWire.extend({
  state: z.enum(USER_STATES),
  deletedAt: dateTime.nullable().describe('When the user was deleted (soft delete)'),
})

export const UserChangeWire = MessageWire.extend({ data: ListedUserWire })

export const ScammerWire = z.object({
  _id: id,
  email: z.string().describe('The reported PayPal email, lower-cased'),
  reason: z.string(),
  reportedBy: z.object({ name: z.string() }),
  createdAt: dateTime,
})

export const pageOf = <T extends z.ZodTypeAny>(row: T) =>
  z.object({
    data: z.array(row),
    total: z.number().int(),
    page: z.number().int(),
    pageCount: z.number().int(),
  })

export const listOf = <T extends z.ZodTypeAny>(row: T) => z.object({ data: z.array(row) })

export const OrderWire = z.object({
  _id: id,
  orderId: z.number().int(),
  orderNumber: z.string(),
  productId: z.object({ pId: z.number().int(), brandName: z.string(), commission: z.number() }),
  market: z.object({ _id: id, name: z.string(), shortName: z.string() }),
  userId: z.object({ name: z.string(), count: z.number().int() }),
  paypal: z.string().describe('The customer email'),
  buyerContact: z.string(),
  status: z.object({ _id: z.string().describe('A fixed status id'), name: z.string() }),
  remark: z.string(),
  createdAt: dateTime,
  updatedAt: dateTime,
  refundDate: dateTime.nullable(),
  orderScreenshot: z.string().nullable(),
  refundScreenshot: z.string().nullable(),
  reviewScreenshot: z.string().nullable(),
})

export const ProductChangeWire = MessageWire.extend({ data: ProductWire })

export const ScammerChangeWire = MessageWire.extend({ data: ScammerWire })

export const SignedInWire = z.object({ message: z.string(), user: UserWire, token: z.string() })

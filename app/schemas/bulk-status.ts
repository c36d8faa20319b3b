import { z } from 'zod'
import { positiveInt } from './list-queries'

/** The order lists a bulk status change is made from (their filters are the same). */
export const BULK_LISTS = {
  orders: '/orders',
  'all-order': '/all/order',
  'order-completed': '/order/completed',
} as const
export type BulkList = keyof typeof BULK_LISTS

/**
 * The bulk status form (/orders/bulk, intent `set`): the status, the rows ticked (`order`, each an
 * order id) or `all` (every order matching the list's `filters`), and when the page was loaded.
 */
export const BulkStatusForm = z.object({
  status: z
    .string({ required_error: 'Please choose a status.' })
    .trim()
    .min(1, 'Please choose a status.')
    .max(40),
  order: z.array(positiveInt).max(1000).default([]),
  all: z.literal('1').optional(),
  filters: z.string().max(2000).default(''),
  list: z.enum(Object.keys(BULK_LISTS) as [BulkList, ...BulkList[]]).default('orders'),
  /** Milliseconds since 1970, as the page's loader stamped it. */
  seenAt: z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number)
    .optional(),
})

/** Its Undo (intent `undo`): the bulk change to undo. */
export const BulkUndoForm = z.object({ batch: positiveInt })

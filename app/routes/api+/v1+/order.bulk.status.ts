import { z } from 'zod'
import { api, endpoint } from '~/api/endpoint.server'
import { BulkStatusWire } from '~/api/wire-schemas'
import { ok } from '~/core/result'
import { offThread } from '~/models/bulk-thread.server'
import { BULK_LIMIT, UNDO_SECONDS } from '~/models/order-bulk.server'
import { positiveIdValue } from '~/schemas/list-queries'

const endpoints = api(
  endpoint({
    method: 'PATCH',
    path: '/order/bulk/status',
    tag: 'Orders',
    summary: 'Change the status of several orders',
    description: `JSON \`{ values: { statusModel, ordernumbers: [...], unchangedSince? } }\` (issue 30), pmm and admin: sets one status (among the caller’s choices) on up to ${BULK_LIMIT} orders in one transaction, under the rules of PATCH /order/status. An order number given as \`{ ordernumber, market }\` names its market. Orders the caller cannot see, orders already in the status, orders changed after \`unchangedSince\` (milliseconds since 1970) and orders the rule refuses are skipped and named in \`data.skipped\`. \`data.batch\` undoes the change for ${UNDO_SECONDS} seconds (POST /order/bulk/undo).`,
    roles: ['pmm', 'admin'],
    body: {
      type: 'json',
      schema: z.object({
        values: z.object({
          statusModel: z.string({ required_error: 'Please choose a status.' }).trim().min(1),
          ordernumbers: z
            .array(
              z.union([
                z.string().trim().min(1),
                z.object({
                  ordernumber: z.string().trim().min(1),
                  market: positiveIdValue('Please send the market id.').optional(),
                }),
              ]),
              { required_error: 'Please send the order numbers.' },
            )
            .min(1, 'Please select at least one order.'),
          unchangedSince: z.number().int().positive().optional(),
        }),
      }),
    },
    refusals: [403, 409],
    response: BulkStatusWire,
    handler: async ({ user, body }) => {
      const { statusModel, ordernumbers, unchangedSince } = body.values
      const result = await offThread('bulkChangeOrderStatus', user, {
        statusId: statusModel,
        target: {
          orderNumbers: ordernumbers.map((o) =>
            typeof o === 'string'
              ? { orderNumber: o }
              : { orderNumber: o.ordernumber, market: o.market },
          ),
        },
        seenAt: unchangedSince ? new Date(unchangedSince) : undefined,
      })
      if (!result.ok) return result
      return ok({
        success: true as const,
        message: result.message,
        data: {
          batch: result.batchId,
          changed: result.changed,
          skipped: result.skipped.map((s) => ({ ordernumber: s.name, reason: s.reason })),
          undoUntil: result.undoUntil?.toISOString() ?? null,
        },
      })
    },
  }),
)

export const loader = endpoints.loader
export const action = endpoints.action

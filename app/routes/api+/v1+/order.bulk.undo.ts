import { z } from 'zod'
import { api, endpoint } from '~/api/endpoint.server'
import { MessageWire } from '~/api/wire-schemas'
import { ok } from '~/core/result'
import { offThread } from '~/models/bulk-thread.server'
import { UNDO_SECONDS } from '~/models/order-bulk.server'

const endpoints = api(
  endpoint({
    method: 'POST',
    path: '/order/bulk/undo',
    tag: 'Orders',
    summary: 'Undo a bulk status change',
    description: `JSON \`{ values: { batch } }\`: within ${UNDO_SECONDS} seconds of PATCH /order/bulk/status, its orders go back to their previous statuses, all or none (409 after the window, after an earlier undo, or when one of them changed again since).`,
    roles: ['pmm', 'admin'],
    body: {
      type: 'json',
      schema: z.object({
        values: z.object({
          batch: z.number({ required_error: 'Please send the batch.' }).int().positive(),
        }),
      }),
    },
    refusals: [404, 409],
    response: MessageWire,
    handler: async ({ user, body }) => {
      const undone = await offThread('undoBulkStatus', user, body.values.batch)
      if (!undone.ok) return undone
      return ok({ success: true as const, message: undone.message })
    },
  }),
)

export const loader = endpoints.loader
export const action = endpoints.action

import { z } from 'zod'
import { api } from '~/api/endpoint.server'
import { lookupEndpoint } from '~/api/lookups.server'
import { listStatuses } from '~/models/order.server'

// `_id` and `id` are the fixed text ids (`ordered`, `review_deleted`, …) that clients send back;
// `chosenBy` says which role picks the status.
const endpoints = api(
  lookupEndpoint({
    path: '/status/',
    summary: 'The order statuses, in their fixed order',
    rows: listStatuses,
    wire: (s) => ({ _id: s.id, id: s.id, name: s.name, chosenBy: s.chosenBy }),
    shape: { _id: z.string(), id: z.string(), name: z.string(), chosenBy: z.string() },
  }),
)

export const loader = endpoints.loader
export const action = endpoints.action

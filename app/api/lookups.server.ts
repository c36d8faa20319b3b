/** The lookup lists (categories, markets, Chinese sellers, statuses): GET → `{ data: [...] }`. */
import { z } from 'zod'
import { listCategories, listChineseSellers, listMarkets } from '~/models/lookup.server'
import { listStatuses } from '~/models/order.server'
import { ok } from '~/core/result'
import { endpoint } from './endpoint.server'
import { listOf } from './wire-schemas'

function lookupEndpoint<T, W extends z.ZodRawShape>(options: {
  path: string
  summary: string
  rows: () => readonly T[]
  wire: (row: T) => z.infer<z.ZodObject<W>>
  shape: W
}) {
  return endpoint({
    method: 'GET',
    path: options.path,
    tag: 'Lookups',
    summary: options.summary,
    response: listOf(z.object(options.shape)),
    handler: () => ok({ data: options.rows().map(options.wire) }),
  })
}

const named = { _id: z.string(), name: z.string() }

/** The four lookup lists of spec section 7, each declared once, by path. */
export const LOOKUPS = {
  '/cat/': () =>
    lookupEndpoint({
      path: '/cat/',
      summary: 'The categories, by name',
      rows: listCategories,
      wire: (c) => ({ _id: String(c.id), name: c.name }),
      shape: named,
    }),
  '/chinese/seller/': () =>
    lookupEndpoint({
      path: '/chinese/seller/',
      summary: 'The Chinese sellers, by name',
      rows: listChineseSellers,
      wire: (s) => ({ _id: String(s.id), name: s.name }),
      shape: named,
    }),
  '/market/': () =>
    lookupEndpoint({
      path: '/market/',
      summary: 'The markets, by name',
      rows: listMarkets,
      wire: (m) => ({ _id: String(m.id), name: m.name, shortName: m.shortName }),
      shape: { ...named, shortName: z.string() },
    }),
  // `_id` and `id` are the fixed text ids (`ordered`, `review_deleted`, …) that clients send
  // back; `chosenBy` says which role picks the status.
  '/status/': () =>
    lookupEndpoint({
      path: '/status/',
      summary: 'The order statuses, in their fixed order',
      rows: listStatuses,
      wire: (s) => ({ _id: s.id, id: s.id, name: s.name, chosenBy: s.chosenBy }),
      shape: { ...named, id: z.string(), chosenBy: z.string() },
    }),
}

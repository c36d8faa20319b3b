/** The lookup lists (categories, markets, Chinese sellers, statuses): GET → `{ data: [...] }`. */
import { z } from 'zod'
import { ok } from '~/models/result'
import { endpoint } from './endpoint.server'
import { listOf } from './wire-schemas'

export function lookupEndpoint<T, W extends z.ZodRawShape>(options: {
  path: string
  summary: string
  rows: () => T[]
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

import { z } from 'zod'
import { api } from '~/api/endpoint.server'
import { lookupEndpoint } from '~/api/lookups.server'
import { listCategories } from '~/models/lookup.server'

const endpoints = api(
  lookupEndpoint({
    path: '/cat/',
    summary: 'The categories, by name',
    rows: listCategories,
    wire: (c) => ({ _id: String(c.id), name: c.name }),
    shape: { _id: z.string(), name: z.string() },
  }),
)

export const loader = endpoints.loader
export const action = endpoints.action

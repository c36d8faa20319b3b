import { z } from 'zod'
import { api } from '~/api/endpoint.server'
import { lookupEndpoint } from '~/api/lookups.server'
import { listMarkets } from '~/models/lookup.server'

const endpoints = api(
  lookupEndpoint({
    path: '/market/',
    summary: 'The markets, by name',
    rows: listMarkets,
    wire: (m) => ({ _id: String(m.id), name: m.name, shortName: m.shortName }),
    shape: { _id: z.string(), name: z.string(), shortName: z.string() },
  }),
)

export const loader = endpoints.loader
export const action = endpoints.action

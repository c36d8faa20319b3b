import { z } from 'zod'
import { api } from '~/api/endpoint.server'
import { lookupEndpoint } from '~/api/lookups.server'
import { listChineseSellers } from '~/models/lookup.server'

const endpoints = api(
  lookupEndpoint({
    path: '/chinese/seller/',
    summary: 'The Chinese sellers, by name',
    rows: listChineseSellers,
    wire: (s) => ({ _id: String(s.id), name: s.name }),
    shape: { _id: z.string(), name: z.string() },
  }),
)

export const loader = endpoints.loader
export const action = endpoints.action

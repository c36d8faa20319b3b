import { api, endpoint } from '~/api/endpoint.server'
import { IdParams } from '~/api/params'
import { changeWire, scammerWire } from '~/api/serializers.server'
import { ScammerChangeWire } from '~/api/wire-schemas'
import { removeScammer, SCAMMER_REMOVED_MESSAGE } from '~/models/scammer.server'

const endpoints = api(
  endpoint({
    method: 'DELETE',
    path: '/scammer/{id}',
    tag: 'Scammer PayPal',
    summary: 'Remove an entry from the Scammer PayPal list (pmm, admin)',
    description: 'Answers with the removed entry. An unknown id is a 404.',
    roles: ['pmm', 'admin'],
    params: IdParams,
    refusals: [404],
    response: ScammerChangeWire,
    handler: ({ user, params }) =>
      changeWire(removeScammer(user, params.id), SCAMMER_REMOVED_MESSAGE, (removed) =>
        scammerWire(removed.entry),
      ),
  }),
)

export const loader = endpoints.loader
export const action = endpoints.action

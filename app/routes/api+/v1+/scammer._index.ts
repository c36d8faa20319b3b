import { api, endpoint } from '~/api/endpoint.server'
import { changeWire, pageWire, scammerWire } from '~/api/serializers.server'
import { pageOf, ScammerChangeWire, ScammerWire } from '~/api/wire-schemas'
import { ok } from '~/core/result'
import { addScammer, listScammers, SCAMMER_ADDED_MESSAGE } from '~/models/scammer.server'
import { ScammerListQuery } from '~/schemas/list-queries'
import { ScammerSchema } from '~/validation/scammer'

const endpoints = api(
  endpoint({
    method: 'GET',
    path: '/scammer/',
    tag: 'Scammer PayPal',
    summary: 'The Scammer PayPal list',
    description:
      'Newest first, 25 a page. `q` searches the email and the reason. Every signed-in role may read it.',
    query: ScammerListQuery,
    response: pageOf(ScammerWire),
    handler: ({ user, query }) => {
      const list = listScammers(user, query)
      return list.ok ? ok(pageWire(list, scammerWire)) : list
    },
  }),
  endpoint({
    method: 'POST',
    path: '/scammer/',
    tag: 'Scammer PayPal',
    summary: 'Report a PayPal email (pmm, admin)',
    description:
      'JSON `{ email, reason }`. The email is trimmed and lower-cased; one already on the list (in any case) is a 409.',
    roles: ['pmm', 'admin'],
    body: { type: 'json', schema: ScammerSchema },
    refusals: [409],
    status: 201,
    response: ScammerChangeWire,
    handler: ({ user, body }) =>
      changeWire(addScammer(user, body), SCAMMER_ADDED_MESSAGE, (added) =>
        scammerWire(added.entry),
      ),
  }),
)

export const loader = endpoints.loader
export const action = endpoints.action

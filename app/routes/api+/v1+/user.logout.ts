import { api, endpoint } from '~/api/endpoint.server'
import { MessageWire } from '~/api/wire-schemas'
import { ok } from '~/core/result'
import { deleteSession } from '~/models/session.server'
import { requestToken } from '~/utils/auth.server'

const endpoints = api(
  endpoint({
    method: 'POST',
    path: '/user/logout',
    tag: 'Users',
    summary: 'Revoke the calling token',
    response: MessageWire,
    handler: async ({ request }) => {
      const token = await requestToken(request)
      if (token) deleteSession(token)
      return ok({ success: true, message: 'Logout successfully!' })
    },
  }),
)

export const loader = endpoints.loader
export const action = endpoints.action

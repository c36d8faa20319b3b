import { api, endpoint } from '~/api/endpoint.server'
import { userWire } from '~/api/serializers.server'
import { SignedInWire } from '~/api/wire-schemas'
import { ok } from '~/core/result'
import { createSession } from '~/models/session.server'
import { registerUser } from '~/models/user.server'
import { clientAddress } from '~/utils/request.server'
import { RegisterSchema } from '~/validation/user'

const endpoints = api(
  endpoint({
    method: 'POST',
    path: '/user/register',
    tag: 'Users',
    summary: 'Register a pm or pmm and get a bearer token',
    auth: 'public',
    body: { type: 'json', schema: RegisterSchema },
    refusals: [409, 429],
    status: 201,
    response: SignedInWire,
    handler: async ({ body, request }) => {
      const created = await registerUser(body, clientAddress(request))
      if (!created.ok) return created
      const { token } = createSession(created.user.id)
      return ok({ message: 'User registered successfully', user: userWire(created.user), token })
    },
  }),
)

export const loader = endpoints.loader
export const action = endpoints.action

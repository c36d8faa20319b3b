import { api, endpoint } from '~/api/endpoint.server'
import { userWire } from '~/api/serializers.server'
import { SignedInWire } from '~/api/wire-schemas'
import { ok } from '~/core/result'
import { signIn } from '~/models/session.server'
import { knownDeviceUser } from '~/utils/known-device.server'
import { clientAddress } from '~/utils/request.server'
import { LoginSchema } from '~/validation/user'

const endpoints = api(
  endpoint({
    method: 'POST',
    path: '/user/login',
    tag: 'Users',
    summary: 'Sign in for a bearer token',
    description:
      'The same sign-in as the page, with its attempt limits (429). Unknown email and wrong password get the same 401. A known-device cookie from an earlier sign-in on the page lifts the per-address limit for its own user.',
    auth: 'public',
    body: { type: 'json', schema: LoginSchema },
    refusals: [401, 429],
    response: SignedInWire,
    handler: async ({ body, request }) => {
      const signedIn = await signIn({
        ...body,
        client: clientAddress(request),
        knownDeviceOf: await knownDeviceUser(request),
      })
      if (!signedIn.ok) return signedIn
      return ok({
        message: 'Login successfully.',
        user: userWire(signedIn.user),
        token: signedIn.token,
      })
    },
  }),
)

export const loader = endpoints.loader
export const action = endpoints.action

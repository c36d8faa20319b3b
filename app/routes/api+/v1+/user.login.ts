import type { ActionFunctionArgs } from '@remix-run/node'
import { createSession } from '~/models/session.server'
import { toPublicUser, verifySignIn } from '~/models/user.server'
import { apiError, apiJson, methodNotAllowed, readBody, validationError } from '~/utils/api.server'
import { LoginSchema } from '~/validation/user'

export const loader = () => methodNotAllowed()

/** POST /api/v1/user/login: { email, password } → { message, user, token }. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const parsed = LoginSchema.safeParse(await readBody(request))
  if (!parsed.success) return validationError(parsed.error)
  const result = await verifySignIn(parsed.data.email, parsed.data.password)
  if (!result.ok) return apiError(result.status, result.message)
  const { token } = createSession(result.user.id)
  return apiJson({ message: 'Login successfully.', user: toPublicUser(result.user), token })
}

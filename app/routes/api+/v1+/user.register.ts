import type { ActionFunctionArgs } from '@remix-run/node'
import { createSession } from '~/models/session.server'
import { EmailTakenError, registerUser, toPublicUser } from '~/models/user.server'
import { apiError, apiJson, methodNotAllowed, readBody, validationError } from '~/utils/api.server'
import { RegisterSchema } from '~/validation/user'

export const loader = () => methodNotAllowed()

/** POST /api/v1/user/register: the register form's fields → { message, user, token }. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const parsed = RegisterSchema.safeParse(await readBody(request))
  if (!parsed.success) return validationError(parsed.error)
  try {
    const user = await registerUser(parsed.data)
    const { token } = createSession(user.id)
    return apiJson(
      { message: 'User registered successfully', user: toPublicUser(user), token },
      201,
    )
  } catch (error) {
    if (error instanceof EmailTakenError) return apiError(409, error.message)
    throw error
  }
}

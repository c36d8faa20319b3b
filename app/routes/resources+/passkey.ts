import type { ActionFunctionArgs } from '@remix-run/node'
import { passkeyRegistrationOptions, passkeySignInOptions } from '~/models/passkey.server'
import { getUser } from '~/utils/auth.server'
import { passkeyChallengeHeader, requestRelyingParty } from '~/utils/passkey.server'

/**
 * Passkey options (issue 30, decision 105): `POST /resources/passkey` with `purpose=sign-in`
 * (anyone: a discoverable-credential sign-in) or `purpose=register` (the signed-in user adding a
 * passkey) answers `{ options }` for the browser's WebAuthn call and hands the browser the
 * challenge's cookie. The answer goes to the login page's or the profile's action.
 */
/** Options are asked for with POST only (each hands out a challenge). */
export function loader() {
  return Response.json(
    { message: 'Please send a POST with purpose=sign-in or purpose=register.' },
    { status: 405, headers: { Allow: 'POST' } },
  )
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null)
  const purpose = form?.get('purpose')
  const rp = requestRelyingParty(request)
  let made
  if (purpose === 'sign-in') {
    made = await passkeySignInOptions(rp)
  } else if (purpose === 'register') {
    const user = await getUser(request)
    if (!user) {
      return Response.json({ message: 'Please sign in first.' }, { status: 401 })
    }
    made = await passkeyRegistrationOptions(user, rp)
  } else {
    return Response.json(
      { message: 'Please send purpose=sign-in or purpose=register.' },
      { status: 400 },
    )
  }
  return Response.json(
    { options: made.options },
    { headers: { 'Set-Cookie': await passkeyChallengeHeader(made.token) } },
  )
}

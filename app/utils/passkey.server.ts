import { createCookie } from '@remix-run/node'
import { env, secureCookies, sessionSecret } from '~/core/env.server'
import { PASSKEY_CHALLENGE_MS, relyingParty } from '~/models/passkey.server'

/**
 * The cookie that binds a passkey challenge to the browser it was handed to (decision 105): it
 * holds the challenge's token (the server keeps only its hash), lives as long as the challenge,
 * and is signed with the session secret. `__Host-` prefixed over HTTPS like the session cookie.
 */
const challengeCookie = createCookie(secureCookies ? '__Host-passkey' : '__passkey', {
  httpOnly: true,
  sameSite: 'strict',
  path: '/',
  secure: secureCookies,
  maxAge: PASSKEY_CHALLENGE_MS / 1000,
  secrets: [sessionSecret()],
})

/** The origin and host passkeys are bound to: ORIGIN when set, otherwise the request's own. */
export function requestRelyingParty(request: Request) {
  return relyingParty(env.ORIGIN ?? new URL(request.url).origin)
}

/** The token of the challenge this browser was handed, if any. */
export async function passkeyChallengeToken(request: Request): Promise<string | undefined> {
  const value: unknown = await challengeCookie.parse(request.headers.get('Cookie'))
  return typeof value === 'string' ? value : undefined
}

/** The Set-Cookie value handing `token` to the browser. */
export function passkeyChallengeHeader(token: string) {
  return challengeCookie.serialize(token)
}

import { createCookie } from '@remix-run/node'
import { secureCookies, sessionSecret } from '~/core/env.server'

/** How long a browser stays known after a successful sign-in (browsers cap cookies at 400 days). */
export const KNOWN_DEVICE_MAX_AGE_S = 365 * 24 * 60 * 60

/**
 * The known-device cookie: set after a successful sign-in, it names the user it was issued for, so
 * that user's right password from this browser is not blocked by the per-address sign-in limit (an
 * office behind one address). Signed with the session secret, so a changed value is ignored;
 * `__Host-` prefixed over HTTPS like the session cookie.
 */
const knownDeviceCookie = createCookie(secureCookies ? '__Host-device' : '__device', {
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  secure: secureCookies,
  maxAge: KNOWN_DEVICE_MAX_AGE_S,
  secrets: [sessionSecret()],
})

type KnownDevice = { userId: number; issuedAt: number }

const isKnownDevice = (value: unknown): value is KnownDevice =>
  typeof value === 'object' &&
  value !== null &&
  Number.isSafeInteger((value as KnownDevice).userId) &&
  typeof (value as KnownDevice).issuedAt === 'number'

/** The user this browser signed in as before, from a valid unexpired device cookie, if any. */
export async function knownDeviceUser(request: Request, now = Date.now()) {
  const value: unknown = await knownDeviceCookie.parse(request.headers.get('Cookie'))
  if (!isKnownDevice(value)) return undefined
  if (value.issuedAt > now || now - value.issuedAt > KNOWN_DEVICE_MAX_AGE_S * 1000) return undefined
  return value.userId
}

/** The Set-Cookie value that marks this browser as known for `userId`. */
export function knownDeviceHeader(userId: number, now = Date.now()) {
  return knownDeviceCookie.serialize({ userId, issuedAt: now } satisfies KnownDevice)
}

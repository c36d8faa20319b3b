import crypto from 'node:crypto'
import { sessionSecret } from '~/core/env.server'
import { getUser } from './auth.server'

/**
 * Whose page a response is, for the service worker's per-user caches (issue 31, decision 103):
 * an opaque value per user (an HMAC of the user's id with the session secret), sent as this header
 * on signed-in pages and their `.data`. The worker caches only responses that carry it, in a cache
 * named after it; it tells nothing about the user to anyone who reads it.
 */
export const CACHE_OWNER_HEADER = 'X-Cache-Owner'

let secret: string | undefined
export function cacheOwnerOf(userId: number): string {
  secret ??= sessionSecret()
  return crypto
    .createHmac('sha256', secret)
    .update(`offline-pages:${userId}`)
    .digest('base64url')
    .slice(0, 22)
}

/** Sets the header on a GET page or data response of a signed-in user. */
export async function markCacheOwner(request: Request, headers: Headers) {
  const user = request.method === 'GET' ? await getUser(request) : null
  if (user) headers.set(CACHE_OWNER_HEADER, cacheOwnerOf(user.id))
  else headers.delete(CACHE_OWNER_HEADER)
}

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
// The value is fixed for a user and the process's secret: worked out once per user (an HMAC cost
// as much as the rest of the header work on every page).
const owners = new Map<number, string>()
const MAX_OWNERS = 10_000
export function cacheOwnerOf(userId: number): string {
  let owner = owners.get(userId)
  if (owner === undefined) {
    secret ??= sessionSecret()
    owner = crypto
      .createHmac('sha256', secret)
      .update(`offline-pages:${userId}`)
      .digest('base64url')
      .slice(0, 22)
    if (owners.size >= MAX_OWNERS) owners.clear()
    owners.set(userId, owner)
  }
  return owner
}

/** Sets the header on a GET page or data response of a signed-in user. */
export async function markCacheOwner(request: Request, headers: Headers) {
  const user = request.method === 'GET' ? await getUser(request) : null
  if (user) headers.set(CACHE_OWNER_HEADER, cacheOwnerOf(user.id))
  else headers.delete(CACHE_OWNER_HEADER)
}

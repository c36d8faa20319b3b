/** Helpers for the API and page tests: reference rows, users with tokens, raw requests. */
import { makeUser } from '../server/factories'
import type { Role } from '../db/schema'
import { insertCategory, insertChineseSeller, insertMarket } from '~/models/lookup.server'
import { createSession } from '~/models/session.server'
import { authSessionStorage } from '~/utils/session.server'

const BASE = 'http://localhost'
let seq = 0

/** A fresh market, category and Chinese seller. */
export function makeRefs() {
  seq += 1
  const stamp = `${seq}-${Date.now() % 100000}`
  return {
    marketId: insertMarket(`Market ${stamp}`, `M${stamp}`).id,
    categoryId: insertCategory(`Category ${stamp}`).id,
    chineseSellerId: insertChineseSeller(`卖家 ${stamp}`).id,
  }
}

/** A user with a bearer token. */
export async function userWithToken(role: Role) {
  const user = await makeUser({ role })
  return { user, token: createSession(user.id).token }
}

/** A fresh user of this role and the cookie of their signed-in browser. */
export async function signedIn(role: Role) {
  const user = await makeUser({ role })
  return { user, cookie: await sessionCookie(user.id) }
}

/** Two managers with references of their own, two marketers and an admin, each with a token. */
export async function peopleWithTokens() {
  const [owner, otherPmm, pm, otherPm, admin] = await Promise.all(
    (['pmm', 'pmm', 'pm', 'pm', 'admin'] as const).map(userWithToken),
  )
  return { refs: makeRefs(), otherRefs: makeRefs(), owner, otherPmm, pm, otherPm, admin }
}

/** The cookie a signed-in browser sends. */
export async function sessionCookie(userId: number) {
  const session = await authSessionStorage.getSession()
  session.set('token', createSession(userId).token)
  return (await authSessionStorage.commitSession(session)).split(';')[0]
}

/** A request with any method, an optional bearer token and an optional body. */
export function send(
  method: string,
  path: string,
  token?: string,
  init: { body?: BodyInit; contentType?: string } = {},
) {
  const headers = new Headers()
  if (token) headers.set('Authorization', `Bearer ${token}`)
  if (init.contentType) headers.set('Content-Type', init.contentType)
  return new Request(BASE + path, { method, headers, body: init.body })
}

import { redirect } from '@remix-run/node'
import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { homePath } from '~/models/permissions'
import type { Failure } from '~/core/result'
import { deleteSession, getSessionUser, signIn } from '~/models/session.server'
import type { User } from '~/models/user.server'
import { knownDeviceHeader, knownDeviceUser } from './known-device.server'
import { safeRedirect } from './misc'
import { clientAddress, requestKey } from './request.server'
import { authSessionStorage } from './session.server'
import { toastHeader } from './toast.server'

/** A refused sign-in, carrying the model's refusal (code and message). */
export class SignInError extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message)
  }
}

type SignedIn = { user: User; token: string; expiresAt: Date }

// The page signs in through remix-auth's form strategy; the API calls the same `signIn`.
export const authenticator = new Authenticator<SignedIn>()
authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const result = await signIn({
      email: String(form.get('email') ?? ''),
      password: String(form.get('password') ?? ''),
      client: clientAddress(request),
      knownDeviceOf: await knownDeviceUser(request),
    })
    if (!result.ok) throw new SignInError(result)
    return result
  }),
  'form',
)

function bearerToken(request: Request) {
  const header = request.headers.get('Authorization')
  const match = header?.match(/^Bearer\s+(\S+)$/i)
  return match?.[1]
}

async function cookieToken(request: Request) {
  const session = await authSessionStorage.getSession(request.headers.get('Cookie'))
  return session.get('token')
}

/** The session token of a request: the bearer token, else the cookie's. */
export async function requestToken(request: Request): Promise<string | undefined> {
  return bearerToken(request) ?? (await cookieToken(request))
}

// The root, layout and page loaders of one request all ask, and the page's answer once more; each
// loader has its own copy of the request. A GET or HEAD (which changes nothing) looks the user up
// once: kept by the number the server gave the request and its credentials (a number sent by a
// client instead would find only a user its own credentials give). Any other request once per
// copy: an action's loaders must see what it changed. Kept for the last requests only: a copy
// that asks after its request's turn has gone looks the user up again.
const usersByRequest = new WeakMap<Request, Promise<User | null>>()
const usersByKey = new Map<string, Promise<User | null>>()
const KEPT_REQUESTS = 64

function lookupKey(request: Request) {
  const number = requestKey(request)
  if (!number || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined
  const { headers } = request
  return `${number}\n${headers.get('Authorization') ?? ''}\n${headers.get('Cookie') ?? ''}`
}

/** The signed-in user from an `Authorization: Bearer` token or the session cookie, if any. */
export function getUser(request: Request): Promise<User | null> {
  const key = lookupKey(request)
  let user = key ? usersByKey.get(key) : usersByRequest.get(request)
  if (!user) {
    user = requestToken(request).then((token) => (token && getSessionUser(token)) || null)
    if (!key) usersByRequest.set(request, user)
    else {
      if (usersByKey.size >= KEPT_REQUESTS) usersByKey.delete(usersByKey.keys().next().value!)
      usersByKey.set(key, user)
    }
  }
  return user
}

/**
 * Pages: a visitor goes to /login and comes back here after signing in. With `allow` (a capability
 * from app/models/permissions.ts), a signed-in user without it goes to /login (spec section 2:
 * admin pages) or, with `otherwise: 'not-found'`, sees the 404 page.
 */
export async function requireUser(
  request: Request,
  options: { allow?: (user: User) => boolean; otherwise?: 'login' | 'not-found' } = {},
): Promise<User> {
  const user = await getUser(request)
  if (!user) {
    const url = new URL(request.url)
    throw redirect(`/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`)
  }
  if (options.allow && !options.allow(user)) {
    if (options.otherwise === 'not-found') throw new Response('Not found', { status: 404 })
    throw redirect('/login')
  }
  return user
}

/** Public pages: a signed-in user goes to their dashboard. */
export async function requireAnonymous(request: Request) {
  const user = await getUser(request)
  if (user) throw redirect(homePath(user.role))
}

/**
 * Sets the cookie of a session just started (a fresh id, so a planted cookie is worthless) and
 * marks the browser as known for this user (see known-device.server.ts).
 */
export async function redirectSignedIn(
  signedIn: SignedIn,
  redirectTo: string | null | undefined,
  toast?: { type: 'success' | 'info'; message: string },
) {
  const session = await authSessionStorage.getSession()
  session.set('token', signedIn.token)
  const headers = new Headers()
  headers.append(
    'Set-Cookie',
    await authSessionStorage.commitSession(session, { expires: signedIn.expiresAt }),
  )
  headers.append('Set-Cookie', await knownDeviceHeader(signedIn.user.id))
  if (toast) headers.append('Set-Cookie', await toastHeader(toast.type, toast.message))
  return redirect(safeRedirect(redirectTo, homePath(signedIn.user.role)), { headers })
}

/** Ends the session behind the cookie (or bearer token) and returns to /login. */
export async function signOut(request: Request) {
  const token = await requestToken(request)
  if (token) deleteSession(token)
  const session = await authSessionStorage.getSession(request.headers.get('Cookie'))
  const headers = new Headers()
  headers.append('Set-Cookie', await authSessionStorage.destroySession(session))
  headers.append('Set-Cookie', await toastHeader('info', 'Logout successfully!'))
  return redirect('/login', { headers })
}

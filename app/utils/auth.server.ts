import { redirect } from '@remix-run/node'
import { apiError } from './api.server'
import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import type { Role } from '../../db/schema'
import { createSession, deleteSession, getSessionUser } from '~/models/session.server'
import { homePath } from '~/models/permissions'
import { verifySignIn, type User } from '~/models/user.server'
import { safeRedirect } from './misc'
import { authSessionStorage } from './session.server'
import { toastHeader } from './toast.server'

/** A refused sign-in; carries the HTTP status and the message the user sees. */
export class SignInError extends Error {
  constructor(
    readonly status: 401 | 403 | 429,
    message: string,
  ) {
    super(message)
  }
}

export const authenticator = new Authenticator<User>()
authenticator.use(
  new FormStrategy(async ({ form }) => {
    const result = await verifySignIn(
      String(form.get('email') ?? ''),
      String(form.get('password') ?? ''),
    )
    if (!result.ok) throw new SignInError(result.status, result.message)
    return result.user
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

// The root, layout and page loaders of one request all ask; the answer is looked up once.
const usersByRequest = new WeakMap<Request, Promise<User | null>>()

/** The signed-in user from an `Authorization: Bearer` token or the session cookie, if any. */
export function getUser(request: Request): Promise<User | null> {
  let user = usersByRequest.get(request)
  if (!user) {
    user = (async () => {
      const token = bearerToken(request) ?? (await cookieToken(request))
      return (token && getSessionUser(token)) || null
    })()
    usersByRequest.set(request, user)
  }
  return user
}

/** Pages: a visitor goes to /login and comes back here after signing in. */
export async function requireUser(request: Request): Promise<User> {
  const user = await getUser(request)
  if (user) return user
  const url = new URL(request.url)
  const back = url.pathname + url.search
  throw redirect(`/login?${new URLSearchParams({ redirectTo: back })}`)
}

/** Pages: a signed-in user without the role goes to /login (spec section 2). */
export async function requireRole(request: Request, ...roles: Role[]): Promise<User> {
  const user = await requireUser(request)
  if (!roles.includes(user.role)) throw redirect('/login')
  return user
}

/** Public pages: a signed-in user goes to their dashboard. */
export async function requireAnonymous(request: Request) {
  const user = await getUser(request)
  if (user) throw redirect(homePath(user.role))
}

/** API: the user behind a bearer token or cookie, or a JSON 401/403. */
export async function requireApiUser(request: Request, ...roles: Role[]): Promise<User> {
  const user = await getUser(request)
  if (!user) throw apiError(401, 'Please sign in first.')
  if (roles.length && !roles.includes(user.role)) {
    throw apiError(403, 'You are not allowed to do this.')
  }
  return user
}

/** Starts a session (a fresh id, so a planted cookie is worthless) and redirects with its cookie. */
export async function signInAndRedirect(
  user: User,
  redirectTo: string | null | undefined,
  toast?: { type: 'success' | 'info'; message: string },
) {
  const { token, expiresAt } = createSession(user.id)
  const session = await authSessionStorage.getSession()
  session.set('token', token)
  const headers = new Headers()
  headers.append(
    'Set-Cookie',
    await authSessionStorage.commitSession(session, { expires: expiresAt }),
  )
  if (toast) headers.append('Set-Cookie', await toastHeader(toast.type, toast.message))
  return redirect(safeRedirect(redirectTo, homePath(user.role)), { headers })
}

/** Ends the session behind the cookie (or bearer token) and returns to /login. */
export async function signOut(request: Request) {
  const token = bearerToken(request) ?? (await cookieToken(request))
  if (token) deleteSession(token)
  const session = await authSessionStorage.getSession(request.headers.get('Cookie'))
  const headers = new Headers()
  headers.append('Set-Cookie', await authSessionStorage.destroySession(session))
  headers.append('Set-Cookie', await toastHeader('info', 'Logout successfully!'))
  return redirect('/login', { headers })
}

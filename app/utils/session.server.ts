import { createCookieSessionStorage } from '@remix-run/node'
import { secureCookies, sessionSecret } from '~/core/env.server'

/**
 * With HTTPS the `__Host-` prefix makes the browser refuse the cookie unless it is Secure, for
 * path / and without a domain, so a sibling subdomain cannot plant or overwrite it.
 */
export const SESSION_COOKIE_NAME = secureCookies ? '__Host-session' : '__session'

/** The signed cookie that carries the session token; the session itself lives in SQLite. */
export const authSessionStorage = createCookieSessionStorage<{ token: string }>({
  cookie: {
    name: SESSION_COOKIE_NAME,
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: secureCookies,
    secrets: [sessionSecret()],
  },
})

import { createCookieSessionStorage } from '@remix-run/node'
import { secureCookies, sessionSecret } from './env.server'

/** The signed cookie that carries the session token; the session itself lives in SQLite. */
export const authSessionStorage = createCookieSessionStorage<{ token: string }>({
  cookie: {
    name: '__session',
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: secureCookies,
    secrets: [sessionSecret()],
  },
})

import crypto from 'node:crypto'
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm'
import { db } from '../../db/client'
import { sessions, users } from '../../db/schema'
import { ok, type Result } from '~/core/result'
import { verifySignIn, type SignInInput, type User } from './user.server'

export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000

const digest = (token: string) => crypto.createHash('sha256').update(token).digest('hex')

/** Starts a session and returns its token; only the token's hash is stored. */
export function createSession(userId: number) {
  const token = crypto.randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + SESSION_MAX_AGE_MS)
  db.insert(sessions)
    .values({ id: digest(token), userId, expiresAt })
    .run()
  return { token, expiresAt }
}

// Prepared once: every request runs it.
const sessionUser = db
  .select({ user: users })
  .from(sessions)
  .innerJoin(users, eq(users.id, sessions.userId))
  .where(
    and(
      eq(sessions.id, sql.placeholder('id')),
      gt(sessions.expiresAt, sql.placeholder('now')),
      eq(users.isEnable, true),
      isNull(users.deletedAt),
    ),
  )
  .prepare()

/** The user behind a token, if the session is live and the user is enabled and not deleted. */
export function getSessionUser(token: string) {
  return sessionUser.get({ id: digest(token), now: Date.now() })?.user
}

export function deleteSession(token: string) {
  db.delete(sessions)
    .where(eq(sessions.id, digest(token)))
    .run()
}

/** Ends every session and token of a user (disable, delete). */
export function deleteUserSessions(userId: number) {
  db.delete(sessions).where(eq(sessions.userId, userId)).run()
}

export function purgeExpiredSessions(now = new Date()) {
  db.delete(sessions).where(lte(sessions.expiresAt, now)).run()
}

/**
 * The one sign-in, for the page and the API alike: checks the email and password (with the
 * attempt limits) and starts a session whose token goes into the cookie or to the API client.
 */
export async function signIn(
  input: SignInInput,
): Promise<Result<{ user: User; token: string; expiresAt: Date }>> {
  const verified = await verifySignIn(input)
  if (!verified.ok) return verified
  return ok({ user: verified.user, ...createSession(verified.user.id) })
}

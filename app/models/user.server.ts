import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { db } from '../../db/client'
import { loginFailures, registrationAttempts, users, type Role } from '../../db/schema'
import { dummyPasswordHash, hashPassword, verifyPassword } from '~/core/password.server'
import type { RegisterInput } from '~/validation/user'
import {
  PICTURE_TOO_LARGE_MESSAGE,
  PictureError,
  pictureUrl,
  preparePicture,
  writeWithPictures,
} from './picture.server'
import { fail, ok, type Result } from '~/core/result'

export type User = typeof users.$inferSelect

export const LOGIN_FAILURE_LIMIT = 10
/** Failed sign-ins one client (address) may make across all emails within the window. */
export const LOGIN_CLIENT_FAILURE_LIMIT = 30
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000

export const LOGIN_FAILED_MESSAGE = 'Incorrect username or password. Please try again.'
export const LOGIN_DISABLED_MESSAGE = 'Your account is disabled.'
export const LOGIN_DELETED_MESSAGE = 'This account has been deleted.'
export const LOGIN_THROTTLED_MESSAGE =
  'Too many failed sign-in attempts for this email. Please wait 15 minutes and try again.'
export const LOGIN_CLIENT_THROTTLED_MESSAGE =
  'Too many failed sign-in attempts from your network. Please wait 15 minutes and try again.'
export const EMAIL_TAKEN_MESSAGE = 'This email is already registered.'

export function getUserById(id: number) {
  return db.select().from(users).where(eq(users.id, id)).get()
}

export function getUserByEmail(email: string) {
  return db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).get()
}

type NewUser = Omit<RegisterInput, 'role'> & { role: Role }

/** Creates an enabled user; an email in use (even by a deleted user) is refused. */
export async function createUser(
  input: NewUser,
  options: { passwordHash?: string } = {},
): Promise<Result<{ user: User }>> {
  const email = input.email.trim().toLowerCase()
  const passwordHash = options.passwordHash ?? (await hashPassword(input.password))
  const user = db
    .insert(users)
    .values({
      name: input.name.trim(),
      email,
      passwordHash,
      address: input.address.trim(),
      cnic: input.cnic.trim(),
      role: input.role,
      city: input.city.trim(),
      country: input.country.trim(),
      phone: input.phone.trim(),
    })
    .onConflictDoNothing({ target: users.email })
    .returning()
    .get()
  return user ? ok({ user }) : fail('conflict', EMAIL_TAKEN_MESSAGE, 'email')
}

/** Accounts one client address may register within REGISTRATION_WINDOW_MS (an office's staff). */
export const REGISTRATION_LIMIT = 10
export const REGISTRATION_WINDOW_MS = 60 * 60 * 1000
export const REGISTRATION_THROTTLED_MESSAGE =
  'Too many accounts were registered from your network. Please wait an hour and try again.'

/**
 * Self-registration: only pm and pmm (the schema offers no other role). At most
 * REGISTRATION_LIMIT attempts an hour from one client address (`client`, when known): the check
 * and the count are one immediate transaction, so parallel ones cannot all pass before any counts.
 */
export async function registerUser(input: RegisterInput, client?: string, now = Date.now()) {
  if (client) {
    const claimed = db.transaction(
      (tx) => {
        const recent =
          tx
            .select({ n: count() })
            .from(registrationAttempts)
            .where(
              and(
                eq(registrationAttempts.client, client),
                gt(registrationAttempts.createdAt, new Date(now - REGISTRATION_WINDOW_MS)),
              ),
            )
            .get()?.n ?? 0
        if (recent >= REGISTRATION_LIMIT) return false
        tx.insert(registrationAttempts)
          .values({ client, createdAt: new Date(now) })
          .run()
        return true
      },
      { behavior: 'immediate' },
    )
    if (!claimed) return fail('throttled', REGISTRATION_THROTTLED_MESSAGE)
  }
  return createUser(input)
}

export type SignInResult = Result<{ user: User }>

/**
 * `client` is the caller's address when known (the page and the API pass it; scripts may not).
 * `knownDeviceOf` is the user a valid known-device cookie of the caller's browser was issued for.
 */
export type SignInInput = {
  email: string
  password: string
  client?: string
  knownDeviceOf?: number
}

function attemptsSince(
  tx: Pick<typeof db, 'select'>,
  column: typeof loginFailures.email | typeof loginFailures.client,
  value: string,
  since: Date,
) {
  return (
    tx
      .select({ n: count() })
      .from(loginFailures)
      .where(and(eq(column, value), gt(loginFailures.createdAt, since)))
      .get()?.n ?? 0
  )
}

/**
 * The check and the count in one step: refuses when the client or the email is over its limit,
 * otherwise records this attempt before any password is checked. One immediate transaction, so
 * parallel guesses (in this process or another) cannot all pass the check before any is counted.
 * A client over its limit records nothing, so it cannot lock the email it aims at. A browser known
 * for this very email's user skips the client limit (colleagues behind one office address must
 * not lock each other out); the email's limit still holds for it.
 */
export function claimAttempt(
  email: string,
  client: string | undefined,
  knownDeviceOf: number | undefined,
  now: number,
) {
  return db.transaction(
    (tx) => {
      const since = new Date(now - LOGIN_FAILURE_WINDOW_MS)
      const knownDevice =
        knownDeviceOf !== undefined &&
        tx.select({ id: users.id }).from(users).where(eq(users.email, email)).get()?.id ===
          knownDeviceOf
      if (
        client &&
        !knownDevice &&
        attemptsSince(tx, loginFailures.client, client, since) >= LOGIN_CLIENT_FAILURE_LIMIT
      ) {
        return fail('throttled', LOGIN_CLIENT_THROTTLED_MESSAGE)
      }
      if (attemptsSince(tx, loginFailures.email, email, since) >= LOGIN_FAILURE_LIMIT) {
        return fail('throttled', LOGIN_THROTTLED_MESSAGE)
      }
      const row = tx
        .insert(loginFailures)
        .values({ email, client: client ?? null, createdAt: new Date(now) })
        .returning({ id: loginFailures.id })
        .get()
      return ok({ attemptId: row.id })
    },
    { behavior: 'immediate' },
  )
}

/**
 * Checks an email and password. Unknown emails and wrong passwords get the same answer and take
 * the same time. At most ten attempts per email within 15 minutes reach the password check, and
 * at most thirty failed ones per client across all emails; past either limit every attempt is
 * refused (even with the right password), except that the client limit does not apply to a browser
 * known for this email's user (`knownDeviceOf`). The right password clears the email's count.
 * Disabled and deleted accounts are named only to someone who knows the password.
 */
export async function verifySignIn({
  email: emailInput,
  password,
  client,
  knownDeviceOf,
}: SignInInput): Promise<SignInResult> {
  const email = emailInput.trim().toLowerCase()
  const claim = claimAttempt(email, client, knownDeviceOf, Date.now())
  if (!claim.ok) return claim
  const user = getUserByEmail(email)
  const valid = user
    ? await verifyPassword(password, user.passwordHash)
    : await verifyPassword(password, await dummyPasswordHash()).then(() => false)
  // A wrong password keeps the attempt counted.
  if (!user || !valid) return fail('invalid_credentials', LOGIN_FAILED_MESSAGE)
  if (user.deletedAt || !user.isEnable) {
    // The right password for a closed account is not a guess: undo this attempt only.
    db.delete(loginFailures).where(eq(loginFailures.id, claim.attemptId)).run()
    return user.deletedAt
      ? fail('deleted', LOGIN_DELETED_MESSAGE)
      : fail('disabled', LOGIN_DISABLED_MESSAGE)
  }
  db.delete(loginFailures).where(eq(loginFailures.email, email)).run()
  return ok({ user })
}

/** A sign-in proven right for a closed account (passkeys too): its attempt does not count. */
export function forgetAttempt(attemptId: number) {
  db.delete(loginFailures).where(eq(loginFailures.id, attemptId)).run()
}

/** A successful sign-in (password or passkey) clears the email's failed attempts. */
export function clearLoginFailures(email: string) {
  db.delete(loginFailures).where(eq(loginFailures.email, email)).run()
}

/** Removes failure records older than the window; called by the periodic sweep. */
export function purgeOldLoginFailures(now = Date.now()) {
  db.delete(registrationAttempts)
    .where(lt(registrationAttempts.createdAt, new Date(now - REGISTRATION_WINDOW_MS)))
    .run()
  db.delete(loginFailures)
    .where(sql`${loginFailures.createdAt} <= ${now - LOGIN_FAILURE_WINDOW_MS}`)
    .run()
}

/** Counts for the admin dashboard, in SQL. */
export function userCounts() {
  const row = db
    .select({
      pmm: sql<number>`sum(case when ${users.role} = 'pmm' and ${users.deletedAt} is null then 1 else 0 end)`,
      pm: sql<number>`sum(case when ${users.role} = 'pm' and ${users.deletedAt} is null then 1 else 0 end)`,
      enabled: sql<number>`sum(case when ${users.role} != 'admin' and ${users.deletedAt} is null and ${users.isEnable} = 1 then 1 else 0 end)`,
      disabled: sql<number>`sum(case when ${users.role} != 'admin' and ${users.deletedAt} is null and ${users.isEnable} = 0 then 1 else 0 end)`,
      deleted: sql<number>`sum(case when ${users.deletedAt} is not null then 1 else 0 end)`,
    })
    .from(users)
    .get()
  return {
    pmm: row?.pmm ?? 0,
    pm: row?.pm ?? 0,
    enabled: row?.enabled ?? 0,
    disabled: row?.disabled ?? 0,
    deleted: row?.deleted ?? 0,
  }
}

export const DEFAULT_AVATAR_URL = '/default-avatar.svg'

export function avatarUrl(
  user: Pick<User, 'profilePictureId'>,
  variant: 'thumb' | 'small' | 'medium',
) {
  return user.profilePictureId ? pictureUrl(user.profilePictureId, variant) : DEFAULT_AVATAR_URL
}

/** Runs an upload through the picture pipeline and makes it the user's profile picture. */
export async function changeProfilePicture(
  userId: number,
  upload: File | null,
): Promise<Result<{ pictureId: string }>> {
  const user = getUserById(userId)
  if (!user) return fail('deleted', LOGIN_DELETED_MESSAGE)
  let prepared
  try {
    prepared = await preparePicture(upload, { kind: 'profile', uploadedBy: userId })
  } catch (error) {
    if (!(error instanceof PictureError)) throw error
    return fail(
      error.message === PICTURE_TOO_LARGE_MESSAGE ? 'too_large' : 'invalid',
      error.message,
      'profileImg',
    )
  }
  return writeWithPictures(user, { profileImg: prepared }, (tx, ids, release) => {
    // The picture it replaces goes once nothing else shows it.
    release(
      tx.select({ id: users.profilePictureId }).from(users).where(eq(users.id, userId)).get()?.id,
    )
    tx.update(users)
      .set({ profilePictureId: ids.profileImg, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .run()
    return ok({ pictureId: ids.profileImg! })
  })
}

/** Managers (pmm) who are not deleted, by name: the "Seller Name" choices. */
export function listManagers() {
  return listPeople('pmm')
}

/** The live marketers, by name (the order reports' Marketer filter). */
export function listMarketers() {
  return listPeople('pm')
}

function listPeople(role: 'pm' | 'pmm') {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.role, role), isNull(users.deletedAt)))
    .orderBy(users.name)
    .all()
}

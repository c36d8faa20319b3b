/**
 * Passkeys (issue 30, decision 105): a user adds WebAuthn credentials on their profile and signs in
 * with one instead of an email and a password. @simplewebauthn/server makes the options and checks
 * the answers; this module owns the rules around them:
 *
 * - a challenge is handed to one browser (its cookie holds a token; only the token's hash is
 *   stored), answered once (taken = deleted) and only within PASSKEY_CHALLENGE_MS;
 * - a sign-in counts against the same limits as a password sign-in (the client's failures across
 *   emails, the account's failures), and a disabled or deleted account gets the same answer as
 *   with its right password;
 * - the signature counter never goes back (a copied authenticator), and a removed passkey is
 *   unknown.
 */
import crypto from 'node:crypto'
import { and, asc, count, eq, lte } from 'drizzle-orm'
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import { db } from '../../db/client'
import { passkeyChallenges, passkeys } from '../../db/schema'
import { fail, ok, type Result } from '~/core/result'
import { createSession } from './session.server'
import {
  claimAttempt,
  clearLoginFailures,
  forgetAttempt,
  getUserById,
  LOGIN_DELETED_MESSAGE,
  LOGIN_DISABLED_MESSAGE,
  type User,
} from './user.server'
import { writeAs } from './write.server'

/**
 * The WebAuthn library (and the certificate parsers it brings) loads with the first passkey
 * asked or checked: 26 MB of each server process's memory otherwise (docs/performance.md 46).
 */
const webauthn = () => import('@simplewebauthn/server')

/** A challenge is answered within 5 minutes or not at all. */
export const PASSKEY_CHALLENGE_MS = 5 * 60 * 1000
/** A passkey's name, at most this long. */
export const PASSKEY_NAME_MAX = 60
/** The site's name the authenticator shows. */
export const PASSKEY_RP_NAME = 'Review desk'

export const PASSKEY_MESSAGES = {
  challenge: 'This passkey request has expired or was already used. Please try again.',
  unknown:
    'This passkey is not registered here (it may have been removed). Please sign in with your email and password.',
  failed: 'The passkey could not be verified. Please try again.',
  counter:
    "This passkey's signature counter went back, so it may have been copied. Please sign in with your email and password and remove it from your profile.",
  registerFailed: 'The new passkey could not be verified. Please try again.',
  duplicate: 'This passkey is already registered.',
  nameTooLong: `A passkey's name has at most ${PASSKEY_NAME_MAX} characters.`,
  notFound: 'No such passkey. It may have been removed already.',
  added: 'Passkey added.',
  removed: 'Passkey removed. It no longer signs you in.',
} as const

/** Where the browser talks to us: the origin a WebAuthn answer must come from, and its host. */
export type RelyingParty = { origin: string; rpID: string }

export function relyingParty(origin: string): RelyingParty {
  const url = new URL(origin)
  return { origin: url.origin, rpID: url.hostname }
}

const digest = (token: string) => crypto.createHash('sha256').update(token).digest('hex')

type Purpose = (typeof passkeyChallenges.$inferSelect)['purpose']

/** Keeps a challenge for one browser; answers the token its cookie is to hold. */
function saveChallenge(purpose: Purpose, userId: number | null, challenge: string, now: number) {
  const token = crypto.randomBytes(32).toString('base64url')
  db.insert(passkeyChallenges)
    .values({
      id: digest(token),
      purpose,
      userId,
      challenge,
      expiresAt: new Date(now + PASSKEY_CHALLENGE_MS),
    })
    .run()
  return token
}

/** Takes the browser's challenge: once (it is deleted), before it expires, for this purpose. */
function takeChallenge(
  token: string | undefined,
  purpose: Purpose,
  userId: number | null,
  now: number,
): Result<{ challenge: string }> {
  if (!token) return fail('invalid', PASSKEY_MESSAGES.challenge)
  const row = db
    .delete(passkeyChallenges)
    .where(eq(passkeyChallenges.id, digest(token)))
    .returning()
    .get()
  if (!row || row.purpose !== purpose || row.userId !== userId || row.expiresAt.getTime() <= now) {
    return fail('invalid', PASSKEY_MESSAGES.challenge)
  }
  return ok({ challenge: row.challenge })
}

/** Removes the challenges nobody answered in time; called by the periodic sweep. */
export function purgeExpiredPasskeyChallenges(now = Date.now()) {
  db.delete(passkeyChallenges)
    .where(lte(passkeyChallenges.expiresAt, new Date(now)))
    .run()
}

/** A WebAuthn answer as the browser sent it (a JSON text), or null when it is not one. */
function readAnswer<T extends { id: string; response: object }>(text: string): T | null {
  try {
    const value: unknown = JSON.parse(text)
    if (
      typeof value === 'object' &&
      value !== null &&
      'id' in value &&
      typeof value.id === 'string' &&
      value.id.length > 0 &&
      value.id.length <= 1024 &&
      'response' in value &&
      typeof value.response === 'object' &&
      value.response !== null
    ) {
      return value as T
    }
  } catch {
    // Not JSON: refused below.
  }
  return null
}

/** The user handle a passkey carries: the user's id, never their email. */
const userHandle = (userId: number) => new TextEncoder().encode(String(userId))

const splitTransports = (transports: string) =>
  transports === '' ? [] : (transports.split(',') as AuthenticatorTransportName[])
type AuthenticatorTransportName =
  'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb'

export type PasskeyRow = { id: number; name: string; createdAt: Date; lastUsedAt: Date | null }

/** A user's passkeys, oldest first (what the profile lists). */
export function listPasskeys(userId: number): PasskeyRow[] {
  return db
    .select({
      id: passkeys.id,
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.id))
    .all()
}

/** The options of "Add a passkey": a discoverable credential, none of the user's present ones. */
export async function passkeyRegistrationOptions(
  user: Pick<User, 'id' | 'email' | 'name'>,
  rp: RelyingParty,
  now = Date.now(),
) {
  const present = db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id))
    .all()
  const options = await (
    await webauthn()
  ).generateRegistrationOptions({
    rpName: PASSKEY_RP_NAME,
    rpID: rp.rpID,
    userName: user.email,
    userDisplayName: user.name,
    userID: userHandle(user.id),
    attestationType: 'none',
    excludeCredentials: present.map((p) => ({
      id: p.credentialId,
      transports: splitTransports(p.transports),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    timeout: PASSKEY_CHALLENGE_MS,
  })
  return { options, token: saveChallenge('register', user.id, options.challenge, now) }
}

/** Checks the new passkey against the user's challenge and keeps it under `name`. */
export async function addPasskey(
  user: Pick<User, 'id'>,
  input: { token: string | undefined; response: string; name: string },
  rp: RelyingParty,
  now = Date.now(),
): Promise<Result<{ passkey: PasskeyRow }>> {
  const name = input.name.replace(/\p{Cc}/gu, '').trim()
  if (name.length > PASSKEY_NAME_MAX) return fail('invalid', PASSKEY_MESSAGES.nameTooLong, 'name')
  const taken = takeChallenge(input.token, 'register', user.id, now)
  if (!taken.ok) return taken
  const answer = readAnswer<RegistrationResponseJSON>(input.response)
  if (!answer) return fail('invalid', PASSKEY_MESSAGES.registerFailed)
  let credential
  try {
    const verified = await (
      await webauthn()
    ).verifyRegistrationResponse({
      response: answer,
      expectedChallenge: taken.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    })
    if (!verified.verified) return fail('invalid', PASSKEY_MESSAGES.registerFailed)
    credential = verified.registrationInfo.credential
  } catch {
    return fail('invalid', PASSKEY_MESSAGES.registerFailed)
  }
  const { id: credentialId, publicKey, counter, transports } = credential
  return writeAs(user, (tx) => {
    const held =
      tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, user.id)).get()?.n ?? 0
    const row = tx
      .insert(passkeys)
      .values({
        userId: user.id,
        credentialId,
        publicKey: Buffer.from(publicKey),
        counter,
        transports: (transports ?? []).join(','),
        name: name || `Passkey ${held + 1}`,
        createdAt: new Date(now),
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning({
        id: passkeys.id,
        name: passkeys.name,
        createdAt: passkeys.createdAt,
        lastUsedAt: passkeys.lastUsedAt,
      })
      .get()
    return row ? ok({ passkey: row }) : fail('conflict', PASSKEY_MESSAGES.duplicate)
  })
}

/** Removes one of the user's passkeys: it signs in no more. */
export function removePasskey(user: Pick<User, 'id'>, passkeyId: number): Result {
  return writeAs(user, (tx) => {
    const row = tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, user.id)))
      .returning({ id: passkeys.id })
      .get()
    return row ? ok({}) : fail('not_found', PASSKEY_MESSAGES.notFound)
  })
}

/** The options of "Sign in with a passkey": any passkey of this site (no email asked). */
export async function passkeySignInOptions(rp: RelyingParty, now = Date.now()) {
  const options = await (
    await webauthn()
  ).generateAuthenticationOptions({
    rpID: rp.rpID,
    userVerification: 'preferred',
    timeout: PASSKEY_CHALLENGE_MS,
  })
  return { options, token: saveChallenge('sign-in', null, options.challenge, now) }
}

export type PasskeySignInInput = {
  /** The token of the browser's challenge cookie. */
  token: string | undefined
  /** The browser's answer, as JSON. */
  response: string
  client?: string
  knownDeviceOf?: number
}

/**
 * Checks a passkey's answer. The limits of the password sign-in hold: the attempt is counted for
 * the client and for the passkey's account before anything is checked (an unknown passkey counts
 * for the client), a right answer clears the account's failures. A disabled or deleted account is
 * named only after the passkey proved itself, as after the right password.
 */
export async function verifyPasskeySignIn(
  input: PasskeySignInInput,
  rp: RelyingParty,
  now = Date.now(),
): Promise<Result<{ user: User }>> {
  const taken = takeChallenge(input.token, 'sign-in', null, now)
  if (!taken.ok) return taken
  const answer = readAnswer<AuthenticationResponseJSON>(input.response)
  if (!answer) return fail('invalid', PASSKEY_MESSAGES.failed)
  const passkey = db.select().from(passkeys).where(eq(passkeys.credentialId, answer.id)).get()
  const user = passkey ? getUserById(passkey.userId) : undefined
  // An unknown passkey has no account: it counts for the client under a key of its own.
  const claim = claimAttempt(
    user?.email ?? `passkey:${answer.id.slice(0, 100)}`,
    input.client,
    input.knownDeviceOf,
    now,
  )
  if (!claim.ok) return claim
  if (!passkey || !user) return fail('invalid_credentials', PASSKEY_MESSAGES.unknown)
  const handle = answer.response.userHandle
  if (handle && handle !== Buffer.from(userHandle(user.id)).toString('base64url')) {
    return fail('invalid_credentials', PASSKEY_MESSAGES.failed)
  }
  let newCounter
  try {
    const verified = await (
      await webauthn()
    ).verifyAuthenticationResponse({
      response: answer,
      expectedChallenge: taken.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        transports: splitTransports(passkey.transports),
      },
      requireUserVerification: false,
    })
    if (!verified.verified) return fail('invalid_credentials', PASSKEY_MESSAGES.failed)
    newCounter = verified.authenticationInfo.newCounter
  } catch (error) {
    const counterWentBack = error instanceof Error && /counter value/i.test(error.message)
    return fail(
      'invalid_credentials',
      counterWentBack ? PASSKEY_MESSAGES.counter : PASSKEY_MESSAGES.failed,
    )
  }
  if (user.deletedAt || !user.isEnable) {
    forgetAttempt(claim.attemptId)
    return user.deletedAt
      ? fail('deleted', LOGIN_DELETED_MESSAGE)
      : fail('disabled', LOGIN_DISABLED_MESSAGE)
  }
  db.update(passkeys)
    .set({ counter: newCounter, lastUsedAt: new Date(now) })
    .where(eq(passkeys.id, passkey.id))
    .run()
  clearLoginFailures(user.email)
  return ok({ user })
}

/** The passkey sign-in, like `signIn`: the checked answer starts a session. */
export async function signInWithPasskey(
  input: PasskeySignInInput,
  rp: RelyingParty,
  now = Date.now(),
): Promise<Result<{ user: User; token: string; expiresAt: Date }>> {
  const verified = await verifyPasskeySignIn(input, rp, now)
  if (!verified.ok) return verified
  return ok({ user: verified.user, ...createSession(verified.user.id) })
}

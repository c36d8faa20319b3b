import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '../../db/client'
import { loginFailures, passkeys, users } from '../../db/schema'
import { makeUser } from '../../server/factories'
import { TestAuthenticator } from '../../tests/authenticator'
import { unwrap } from '~/core/result'
import {
  addPasskey,
  listPasskeys,
  PASSKEY_CHALLENGE_MS,
  PASSKEY_MESSAGES,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  relyingParty,
  removePasskey,
  verifyPasskeySignIn,
} from './passkey.server'
import {
  LOGIN_CLIENT_FAILURE_LIMIT,
  LOGIN_CLIENT_THROTTLED_MESSAGE,
  LOGIN_DELETED_MESSAGE,
  LOGIN_DISABLED_MESSAGE,
  LOGIN_FAILURE_LIMIT,
  LOGIN_THROTTLED_MESSAGE,
} from './user.server'

const ORIGIN = 'http://desk.example.test:3000'
const rp = relyingParty(ORIGIN)

/** A user with one passkey on a software authenticator. */
async function userWithPasskey(name = 'Laptop') {
  const user = await makeUser()
  const device = new TestAuthenticator(ORIGIN)
  const { options, token } = await passkeyRegistrationOptions(user, rp)
  unwrap(await addPasskey(user, { token, response: device.register(options), name }, rp))
  return { user, device }
}

async function signIn(device: TestAuthenticator, over: { counter?: number; client?: string } = {}) {
  const { options, token } = await passkeySignInOptions(rp)
  return verifyPasskeySignIn(
    { token, response: device.signIn(options, over), client: over.client },
    rp,
  )
}

const failuresOf = (email: string) =>
  db.select().from(loginFailures).where(eq(loginFailures.email, email)).all().length

describe('adding a passkey', () => {
  test('a verified passkey is kept under its name and listed', async () => {
    const { user } = await userWithPasskey('Work laptop')
    expect(listPasskeys(user.id)).toEqual([
      expect.objectContaining({ name: 'Work laptop', lastUsedAt: null }),
    ])
  })

  test('without a name it is called Passkey and its number', async () => {
    const { user } = await userWithPasskey('  ')
    const device = new TestAuthenticator(ORIGIN)
    const { options, token } = await passkeyRegistrationOptions(user, rp)
    unwrap(await addPasskey(user, { token, response: device.register(options), name: '' }, rp))
    expect(listPasskeys(user.id).map((p) => p.name)).toEqual(['Passkey 1', 'Passkey 2'])
  })

  test('the challenge is used once: the same answer again is refused', async () => {
    const user = await makeUser()
    const device = new TestAuthenticator(ORIGIN)
    const { options, token } = await passkeyRegistrationOptions(user, rp)
    const response = device.register(options)
    unwrap(await addPasskey(user, { token, response, name: 'A' }, rp))
    expect(await addPasskey(user, { token, response, name: 'A' }, rp)).toEqual({
      ok: false,
      code: 'invalid',
      message: PASSKEY_MESSAGES.challenge,
    })
    expect(listPasskeys(user.id)).toHaveLength(1)
  })

  test('a challenge answered after 5 minutes is refused', async () => {
    const user = await makeUser()
    const device = new TestAuthenticator(ORIGIN)
    const now = Date.now()
    const { options, token } = await passkeyRegistrationOptions(user, rp, now)
    const late = await addPasskey(
      user,
      { token, response: device.register(options), name: 'A' },
      rp,
      now + PASSKEY_CHALLENGE_MS,
    )
    expect(late).toMatchObject({ ok: false, message: PASSKEY_MESSAGES.challenge })
    expect(listPasskeys(user.id)).toEqual([])
  })

  test("another user's challenge, or none, is refused", async () => {
    const [user, other] = [await makeUser(), await makeUser()]
    const device = new TestAuthenticator(ORIGIN)
    const { options, token } = await passkeyRegistrationOptions(other, rp)
    const response = device.register(options)
    expect(await addPasskey(user, { token, response, name: 'A' }, rp)).toMatchObject({
      message: PASSKEY_MESSAGES.challenge,
    })
    expect(await addPasskey(user, { token: undefined, response, name: 'A' }, rp)).toMatchObject({
      message: PASSKEY_MESSAGES.challenge,
    })
  })

  test('an answer made for another origin is refused', async () => {
    const user = await makeUser()
    const device = new TestAuthenticator(ORIGIN)
    const { options, token } = await passkeyRegistrationOptions(user, rp)
    const response = device.register(options, { origin: 'https://phish.example.test' })
    expect(await addPasskey(user, { token, response, name: 'A' }, rp)).toEqual({
      ok: false,
      code: 'invalid',
      message: PASSKEY_MESSAGES.registerFailed,
    })
  })

  test('a text that is no answer is refused, and so is a name too long', async () => {
    const user = await makeUser()
    const { token } = await passkeyRegistrationOptions(user, rp)
    expect(await addPasskey(user, { token, response: 'not json', name: '' }, rp)).toMatchObject({
      message: PASSKEY_MESSAGES.registerFailed,
    })
    expect(
      await addPasskey(user, { token, response: '{}', name: 'x'.repeat(61) }, rp),
    ).toMatchObject({ code: 'invalid', field: 'name', message: PASSKEY_MESSAGES.nameTooLong })
  })

  test('the same credential twice is a conflict', async () => {
    const { user, device } = await userWithPasskey()
    const { options, token } = await passkeyRegistrationOptions(user, rp)
    expect(
      await addPasskey(user, { token, response: device.register(options), name: 'B' }, rp),
    ).toEqual({ ok: false, code: 'conflict', message: PASSKEY_MESSAGES.duplicate })
  })
})

describe('signing in with a passkey', () => {
  test('the right passkey signs its user in, and its counter and last use are kept', async () => {
    const { user, device } = await userWithPasskey()
    const signedIn = unwrap(await signIn(device))
    expect(signedIn.user.id).toBe(user.id)
    const row = db.select().from(passkeys).where(eq(passkeys.userId, user.id)).get()
    expect(row?.counter).toBe(1)
    expect(row?.lastUsedAt).toBeInstanceOf(Date)
  })

  test('the challenge is used once: a replayed answer is refused', async () => {
    const { device } = await userWithPasskey()
    const { options, token } = await passkeySignInOptions(rp)
    const response = device.signIn(options)
    unwrap(await verifyPasskeySignIn({ token, response }, rp))
    expect(await verifyPasskeySignIn({ token, response }, rp)).toEqual({
      ok: false,
      code: 'invalid',
      message: PASSKEY_MESSAGES.challenge,
    })
  })

  test('an expired challenge, or one made for adding a passkey, is refused', async () => {
    const { user, device } = await userWithPasskey()
    const now = Date.now()
    const old = await passkeySignInOptions(rp, now)
    expect(
      await verifyPasskeySignIn(
        { token: old.token, response: device.signIn(old.options) },
        rp,
        now + PASSKEY_CHALLENGE_MS + 1,
      ),
    ).toMatchObject({ ok: false, message: PASSKEY_MESSAGES.challenge })
    const adding = await passkeyRegistrationOptions(user, rp)
    const answer = device.signIn({ challenge: adding.options.challenge })
    expect(await verifyPasskeySignIn({ token: adding.token, response: answer }, rp)).toMatchObject({
      ok: false,
      message: PASSKEY_MESSAGES.challenge,
    })
  })

  test('a passkey never registered, or removed, is unknown', async () => {
    expect(await signIn(new TestAuthenticator(ORIGIN))).toEqual({
      ok: false,
      code: 'invalid_credentials',
      message: PASSKEY_MESSAGES.unknown,
    })
    const { user, device } = await userWithPasskey()
    const [kept] = listPasskeys(user.id)
    unwrap(removePasskey(user, kept.id))
    expect(await signIn(device)).toMatchObject({ ok: false, message: PASSKEY_MESSAGES.unknown })
    expect(removePasskey(user, kept.id)).toMatchObject({ ok: false, code: 'not_found' })
  })

  test("nobody removes another user's passkey", async () => {
    const { user, device } = await userWithPasskey()
    const other = await makeUser()
    expect(removePasskey(other, listPasskeys(user.id)[0].id)).toEqual({
      ok: false,
      code: 'not_found',
      message: PASSKEY_MESSAGES.notFound,
    })
    unwrap(await signIn(device))
  })

  test("a disabled user gets the password sign-in's answer, and the attempt does not count", async () => {
    const { user, device } = await userWithPasskey()
    db.update(users).set({ isEnable: false }).where(eq(users.id, user.id)).run()
    expect(await signIn(device)).toEqual({
      ok: false,
      code: 'disabled',
      message: LOGIN_DISABLED_MESSAGE,
    })
    expect(failuresOf(user.email)).toBe(0)
    db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id)).run()
    expect(await signIn(device)).toMatchObject({ code: 'deleted', message: LOGIN_DELETED_MESSAGE })
  })

  test('a counter that goes back (or stays) is refused: the passkey may be a copy', async () => {
    const { device } = await userWithPasskey()
    unwrap(await signIn(device, { counter: 5 }))
    for (const counter of [4, 5]) {
      expect(await signIn(device, { counter })).toEqual({
        ok: false,
        code: 'invalid_credentials',
        message: PASSKEY_MESSAGES.counter,
      })
    }
    unwrap(await signIn(device, { counter: 6 }))
  })

  test('an answer for another origin, or that is no answer, is refused', async () => {
    const { device } = await userWithPasskey()
    const { options, token } = await passkeySignInOptions(rp)
    const response = device.signIn(options, { origin: 'https://phish.example.test' })
    expect(await verifyPasskeySignIn({ token, response }, rp)).toEqual({
      ok: false,
      code: 'invalid_credentials',
      message: PASSKEY_MESSAGES.failed,
    })
    const next = await passkeySignInOptions(rp)
    expect(await verifyPasskeySignIn({ token: next.token, response: '[1]' }, rp)).toEqual({
      ok: false,
      code: 'invalid',
      message: PASSKEY_MESSAGES.failed,
    })
  })

  test("the password sign-in's limits hold: a locked account and a client over its limit", async () => {
    const { user, device } = await userWithPasskey()
    db.insert(loginFailures)
      .values(Array.from({ length: LOGIN_FAILURE_LIMIT }, () => ({ email: user.email })))
      .run()
    expect(await signIn(device)).toEqual({
      ok: false,
      code: 'throttled',
      message: LOGIN_THROTTLED_MESSAGE,
    })
    db.delete(loginFailures).where(eq(loginFailures.email, user.email)).run()

    const client = `198.51.100.${Math.floor(Math.random() * 250)}-${Date.now()}`
    // Unknown passkeys count for the client (each also for itself: 10 tries of one are its limit).
    for (let i = 0; i < LOGIN_CLIENT_FAILURE_LIMIT; i += 1) {
      const stranger = new TestAuthenticator(ORIGIN)
      expect(await signIn(stranger, { client })).toMatchObject({ code: 'invalid_credentials' })
    }
    expect(await signIn(device, { client })).toEqual({
      ok: false,
      code: 'throttled',
      message: LOGIN_CLIENT_THROTTLED_MESSAGE,
    })
  })

  test("a right passkey clears the account's failed attempts", async () => {
    const { user, device } = await userWithPasskey()
    db.insert(loginFailures).values({ email: user.email }).run()
    unwrap(await signIn(device))
    expect(failuresOf(user.email)).toBe(0)
  })
})

import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '../../db/client'
import { DEMO_PASSWORD, makeUser } from '../../server/factories'
import { users } from '../../db/schema'
import {
  LOGIN_CLIENT_THROTTLED_MESSAGE,
  LOGIN_FAILED_MESSAGE,
  LOGIN_THROTTLED_MESSAGE,
  verifySignIn,
  type SignInResult,
} from './user.server'

const outcome = (r: SignInResult) => (r.ok ? 'signed in' : r.code)
const tally = (results: SignInResult[]) =>
  results.reduce<Record<string, number>>((acc, r) => {
    acc[outcome(r)] = (acc[outcome(r)] ?? 0) + 1
    return acc
  }, {})

describe('sign-in limits under parallel guessing', () => {
  test('100 parallel guesses for one email: 10 reach the password check, the right one is refused', async () => {
    const user = await makeUser()
    const guesses = Array.from({ length: 99 }, (_, i) => `wrong-${i}`).concat(DEMO_PASSWORD)
    const results = await Promise.all(
      guesses.map((password, i) =>
        verifySignIn({ email: user.email, password, client: `198.51.100.${i}` }),
      ),
    )
    expect(tally(results)).toEqual({ invalid_credentials: 10, throttled: 90 })
    expect(results.at(-1)).toEqual({
      ok: false,
      code: 'throttled',
      message: LOGIN_THROTTLED_MESSAGE,
    })
    // The lock holds afterwards, for the right password too.
    expect(
      await verifySignIn({ email: user.email, password: DEMO_PASSWORD, client: '203.0.113.9' }),
    ).toMatchObject({ ok: false, code: 'throttled', message: LOGIN_THROTTLED_MESSAGE })
  })

  test('parallel guesses across emails from one client: at most 30 are checked', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => makeUser()))
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        verifySignIn({
          email: users[i % 5].email,
          password: `wrong-${i}`,
          client: '198.51.100.77',
        }),
      ),
    )
    expect(tally(results)).toEqual({ invalid_credentials: 30, throttled: 30 })
    expect(
      results.filter((r) => !r.ok && r.message === LOGIN_CLIENT_THROTTLED_MESSAGE),
    ).toHaveLength(30)
  })
})

describe('one client cannot lock every account', () => {
  test('after 30 failures a client is refused, and its refused guesses do not lock anyone', async () => {
    const attacker = '198.51.100.200'
    const [a, b, c, admin, someone] = await Promise.all([
      makeUser(),
      makeUser(),
      makeUser(),
      makeUser({ role: 'admin' }),
      makeUser(),
    ])
    // Ten wrong guesses at each of three accounts: the client's whole allowance.
    for (const victim of [a, b, c]) {
      for (let i = 0; i < 10; i += 1) {
        const r = await verifySignIn({
          email: victim.email,
          password: `wrong-${i}`,
          client: attacker,
        })
        expect(r).toEqual({ ok: false, code: 'invalid_credentials', message: LOGIN_FAILED_MESSAGE })
      }
    }
    // Ten more at the admin: refused for the client, before any password check.
    for (let i = 0; i < 10; i += 1) {
      const r = await verifySignIn({ email: admin.email, password: `wrong-${i}`, client: attacker })
      expect(r).toEqual({ ok: false, code: 'throttled', message: LOGIN_CLIENT_THROTTLED_MESSAGE })
    }
    // Even the right password is refused to that client.
    expect(
      await verifySignIn({ email: someone.email, password: DEMO_PASSWORD, client: attacker }),
    ).toMatchObject({ ok: false, code: 'throttled', message: LOGIN_CLIENT_THROTTLED_MESSAGE })
    // The admin, from another client, signs in as usual.
    const adminSignIn = await verifySignIn({
      email: admin.email,
      password: DEMO_PASSWORD,
      client: '203.0.113.10',
    })
    expect(adminSignIn.ok).toBe(true)
    // The accounts it did guess at are locked for everyone (the per-email limit).
    expect(
      await verifySignIn({ email: a.email, password: DEMO_PASSWORD, client: '203.0.113.11' }),
    ).toMatchObject({ ok: false, code: 'throttled', message: LOGIN_THROTTLED_MESSAGE })
  })

  test('ten wrong guesses at ten emails from one client leave a real user free to sign in elsewhere', async () => {
    const client = '198.51.100.201'
    const user = await makeUser()
    for (let i = 0; i < 10; i += 1) {
      const r = await verifySignIn({
        email: `nobody-${i}-${Date.now()}@example.test`,
        password: 'wrong-pass',
        client,
      })
      expect(r.ok).toBe(false)
    }
    const r = await verifySignIn({
      email: user.email,
      password: DEMO_PASSWORD,
      client: '203.0.113.12',
    })
    expect(r.ok).toBe(true)
  })

  test('the right password for a disabled account is not counted as a failure', async () => {
    const user = await makeUser()
    db.update(users).set({ isEnable: false }).where(eq(users.id, user.id)).run()
    const client = '198.51.100.202'
    for (let i = 0; i < 12; i += 1) {
      expect(
        await verifySignIn({ email: user.email, password: DEMO_PASSWORD, client }),
      ).toMatchObject({ ok: false, code: 'disabled' })
    }
  })
})

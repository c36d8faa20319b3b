import { describe, expect, test } from 'vitest'
import { makeUser, DEMO_PASSWORD } from '../../server/factories'
import { db } from '../../db/client'
import { loginFailures } from '../../db/schema'
import { flashedToast, type RouteResult } from '../../tests/route'
import { apiSignIn, pageSignIn } from '../../tests/sign-in'

const CLIENT_THROTTLED =
  'Too many failed sign-in attempts from your network. Please wait 15 minutes and try again.'
const EMAIL_THROTTLED =
  'Too many failed sign-in attempts for this email. Please wait 15 minutes and try again.'

let office = 0
/** A fresh shared office address. */
const officeAddress = () => `203.0.113.${(office += 1)}`

/** A fresh office address, its whole allowance of failures (30 in 15 minutes) used up by others. */
function exhaustedAddress() {
  const client = officeAddress()
  const createdAt = new Date()
  db.insert(loginFailures)
    .values(
      Array.from({ length: 30 }, (_, i) => ({
        email: `nobody-${i}@example.test`,
        client,
        createdAt,
      })),
    )
    .run()
  return client
}

/** The device cookie a response set, as the browser sends it back. */
function deviceCookie(result: RouteResult) {
  const header = result.headers.getSetCookie().find((c) => /^(__Host-device|__device)=/.test(c))
  return header?.split(';')[0]
}

/** A user who signed in once on this browser (from home), and the cookie that browser kept. */
async function knownDevice() {
  const user = await makeUser({ role: 'pm' })
  const first = await pageSignIn(user.email, DEMO_PASSWORD, { client: officeAddress() })
  expect(first.status).toBe(302)
  const cookie = deviceCookie(first)
  expect(cookie).toBeDefined()
  return { user, cookie: cookie! }
}

describe('a known device signs in past the per-address limit', () => {
  test('the device cookie is HttpOnly, SameSite=Lax, path /, and lasts a year', async () => {
    const user = await makeUser()
    const r = await pageSignIn(user.email, DEMO_PASSWORD, { client: officeAddress() })
    const header = r.headers.getSetCookie().find((c) => c.startsWith('__device='))!
    expect(header).toMatch(/HttpOnly/i)
    expect(header).toMatch(/SameSite=Lax/i)
    expect(header).toMatch(/Path=\//i)
    expect(header).toMatch(/Max-Age=31536000/i)
  })

  test('(a) past the address limit: refused without the device cookie, signed in with it', async () => {
    const { user, cookie } = await knownDevice()
    const client = exhaustedAddress()
    const refused = await pageSignIn(user.email, DEMO_PASSWORD, { client })
    expect(refused.status).toBe(429)
    expect((await flashedToast(refused))?.message).toBe(CLIENT_THROTTLED)
    const known = await pageSignIn(user.email, DEMO_PASSWORD, { client, cookie })
    expect(known.status).toBe(302)
    expect(known.location).toBe('/dashboard')
  })

  test('(a) the API login behaves the same when the device cookie is sent', async () => {
    const { user, cookie } = await knownDevice()
    const client = exhaustedAddress()
    const refused = await apiSignIn(user.email, DEMO_PASSWORD, { client })
    expect(refused.status).toBe(429)
    expect(refused.data).toEqual({ success: false, message: CLIENT_THROTTLED })
    const known = await apiSignIn(user.email, DEMO_PASSWORD, { client, cookie })
    expect(known.status).toBe(200)
    expect(known.data.user.email).toBe(user.email)
  })

  test('(b) the per-account limit still refuses, even with the device cookie', async () => {
    const { user, cookie } = await knownDevice()
    for (let i = 0; i < 10; i++) {
      const r = await pageSignIn(user.email, `wrong-${i}`, {
        client: officeAddress(),
        cookie,
      })
      expect(r.status).toBe(401)
    }
    const locked = await pageSignIn(user.email, DEMO_PASSWORD, {
      client: officeAddress(),
      cookie,
    })
    expect(locked.status).toBe(429)
    expect((await flashedToast(locked))?.message).toBe(EMAIL_THROTTLED)
    const api = await apiSignIn(user.email, DEMO_PASSWORD, {
      client: officeAddress(),
      cookie,
    })
    expect(api.status).toBe(429)
    expect(api.data).toEqual({ success: false, message: EMAIL_THROTTLED })
  })

  test('(c) the device cookie of another user does not pass the address limit', async () => {
    const a = await knownDevice()
    const b = await makeUser({ role: 'pm' })
    const client = exhaustedAddress()
    const r = await pageSignIn(b.email, DEMO_PASSWORD, { client, cookie: a.cookie })
    expect(r.status).toBe(429)
    expect((await flashedToast(r))?.message).toBe(CLIENT_THROTTLED)
    const api = await apiSignIn(b.email, DEMO_PASSWORD, { client, cookie: a.cookie })
    expect(api.status).toBe(429)
  })

  test('(d) a tampered device cookie is ignored', async () => {
    const { user, cookie } = await knownDevice()
    const client = exhaustedAddress()
    const [name, value] = [
      cookie.slice(0, cookie.indexOf('=')),
      cookie.slice(cookie.indexOf('=') + 1),
    ]
    const decoded = decodeURIComponent(value)
    const dot = decoded.lastIndexOf('.')
    // Another payload under the original signature (issued a minute earlier: one issued now may be
    // the original to the millisecond, signature and all), and the original payload with a
    // changed signature.
    const earlier = { userId: user.id, issuedAt: Date.now() - 60_000 }
    const forged = [
      `${name}=${encodeURIComponent(btoa(JSON.stringify(earlier)) + decoded.slice(dot))}`,
      `${name}=${encodeURIComponent(decoded.slice(0, dot + 1) + 'AAAA' + decoded.slice(dot + 5))}`,
    ]
    for (const bad of forged) {
      const r = await pageSignIn(user.email, DEMO_PASSWORD, { client, cookie: bad })
      expect(r.status).toBe(429)
      expect((await flashedToast(r))?.message).toBe(CLIENT_THROTTLED)
    }
  })
})

import { describe, expect, test } from 'vitest'
import { makeUser } from '../../../../server/factories'
import type { Role } from '../../../../db/schema'
import { addScammer, scammerListed } from '~/models/scammer.server'
import { unwrap } from '~/core/result'
import { sessionCookie } from '../../../../tests/api'
import {
  call,
  expectRedirectWithToast,
  fieldErrors,
  formRequest,
  getRequest,
} from '../../../../tests/route'
import { action, loader } from './route'

let n = 0
const unique = (prefix = 'page') => `${prefix}${++n}-${Date.now()}@example.test`

async function signedIn(role: Role) {
  const user = await makeUser({ role, name: `Reporter ${role} ${++n}` })
  return { user, cookie: await sessionCookie(user.id) }
}

const post = (cookie: string, fields: Record<string, string>, path = '/scammerPaypal') =>
  call(action, formRequest(path, fields, cookie))
const load = (cookie: string, query = '') =>
  call(loader, getRequest(`/scammerPaypal${query}`, { cookie }))

describe('/scammerPaypal loader', () => {
  test('a visitor goes to /login', async () => {
    const r = await call(loader, getRequest('/scammerPaypal?q=x'))
    expect(r.status).toBe(302)
    expect(r.location).toBe('/login?redirectTo=%2FscammerPaypal%3Fq%3Dx')
  })

  test('every role sees the list, searched by q; only pmm and admin may manage', async () => {
    const { user: pmm } = await signedIn('pmm')
    const tag = `ld${Date.now()}`
    const email = unique(tag)
    unwrap(addScammer(pmm, { email, reason: 'Dispute after refund' }))
    for (const [role, canManage] of [
      ['pm', false],
      ['pmm', true],
      ['admin', true],
    ] as const) {
      const { cookie } = await signedIn(role)
      const r = await load(cookie, `?q=${tag}`)
      expect(r.status).toBe(200)
      expect(r.data.canManage).toBe(canManage)
      expect(r.data.scammers).toMatchObject({ total: 1, page: 1, pageCount: 1 })
      expect(r.data.scammers.rows[0]).toMatchObject({
        email,
        reason: 'Dispute after refund',
        reportedBy: pmm.name,
      })
      expect(r.data.scammers.rows[0].date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    }
  })

  test('?remove=<id> asks a manager to confirm; a pm or an unknown id gets no confirm step', async () => {
    const pmm = await signedIn('pmm')
    const pm = await signedIn('pm')
    const email = unique()
    const { entry } = unwrap(addScammer(pmm.user, { email, reason: 'x' }))
    const asked = await load(pmm.cookie, `?remove=${entry.id}`)
    expect(asked.data.step).toEqual({ step: 'remove', id: entry.id, email })
    expect((await load(pm.cookie, `?remove=${entry.id}`)).data.step).toBeNull()
    expect((await load(pmm.cookie, '?remove=999999999')).data.step).toBeNull()
    expect((await load(pmm.cookie, '?remove=abc')).data.step).toBeNull()
  })
})

describe('/scammerPaypal action', () => {
  test('intent=add: a pmm adds an entry and lands on the list with the toast', async () => {
    const { cookie } = await signedIn('pmm')
    const email = unique('Added')
    const r = await post(
      cookie,
      { intent: 'add', email: ` ${email.toUpperCase()} `, reason: 'Chargeback' },
      '/scammerPaypal?q=old',
    )
    await expectRedirectWithToast(r, '/scammerPaypal', {
      type: 'success',
      message: 'Scammer PayPal added successfully.',
    })
    expect(scammerListed(email)).toBe(true)
    const list = await load(cookie)
    expect(list.data.scammers.rows[0]).toMatchObject({ email: email.toLowerCase() })
  })

  test('intent=add refused: field errors and the typed values', async () => {
    const { cookie } = await signedIn('admin')
    const missing = await post(cookie, { intent: 'add', email: '', reason: 'Kept reason' })
    expect(missing.status).toBe(400)
    expect(fieldErrors(missing).email).toEqual(['Please enter email.'])
    expect(missing.data.result.initialValue.reason).toBe('Kept reason')
    const bad = await post(cookie, { intent: 'add', email: 'nope', reason: '' })
    expect(fieldErrors(bad)).toEqual({
      email: ['Email must be valid email.'],
      reason: ['Please enter a reason.'],
    })
  })

  test('intent=add of a listed email in another case: the duplicate message on the email', async () => {
    const { user, cookie } = await signedIn('pmm')
    const email = unique()
    unwrap(addScammer(user, { email, reason: 'first' }))
    const r = await post(cookie, { intent: 'add', email: email.toUpperCase(), reason: 'again' })
    expect(r.status).toBe(409)
    expect(fieldErrors(r).email).toEqual(['This email is already on the Scammer PayPal list.'])
  })

  test('intent=remove: back to the same list (without the confirm step) with the toast', async () => {
    const { user, cookie } = await signedIn('pmm')
    const email = unique()
    const { entry } = unwrap(addScammer(user, { email, reason: 'x' }))
    const r = await post(
      cookie,
      { intent: 'remove', id: String(entry.id) },
      `/scammerPaypal?q=scam&page=2&remove=${entry.id}`,
    )
    await expectRedirectWithToast(r, '/scammerPaypal?q=scam&page=2', {
      type: 'success',
      message: 'Scammer PayPal removed successfully.',
    })
    expect(scammerListed(email)).toBe(false)

    const again = await post(cookie, { intent: 'remove', id: String(entry.id) })
    const gone = { type: 'error', message: 'No such entry on the Scammer PayPal list.' } as const
    await expectRedirectWithToast(again, '/scammerPaypal', gone)
    const junk = await post(cookie, { intent: 'remove', id: 'abc' })
    await expectRedirectWithToast(junk, '/scammerPaypal', gone)
  })

  test('a pm posting add or remove gets 403 and nothing changes', async () => {
    const pmm = await signedIn('pmm')
    const pm = await signedIn('pm')
    const email = unique()
    const { entry } = unwrap(addScammer(pmm.user, { email, reason: 'x' }))
    const added = await post(pm.cookie, { intent: 'add', email: unique(), reason: 'x' })
    expect(added.status).toBe(403)
    const removed = await post(pm.cookie, { intent: 'remove', id: String(entry.id) })
    expect(removed.status).toBe(403)
    expect(scammerListed(email)).toBe(true)
  })

  test('an unknown intent is a 400; a visitor goes to /login', async () => {
    const { cookie } = await signedIn('admin')
    expect((await post(cookie, { intent: 'wipe' })).status).toBe(400)
    expect((await post(cookie, {})).status).toBe(400)
    const anonymous = await call(action, formRequest('/scammerPaypal', { intent: 'add' }))
    expect(anonymous.status).toBe(302)
    expect(anonymous.location).toMatch(/^\/login/)
  })
})

import { describe, expect, test } from 'vitest'
import { addScammer, scammerListed } from '~/models/scammer.server'
import { unwrap } from '~/core/result'
import { send, sessionCookie, userWithToken } from '../../../../tests/api'
import { call, getRequest, jsonRequest } from '../../../../tests/route'
import { action as oneApi } from './scammer.$id'
import { action as listPost, loader as listApi } from './scammer._index'
import { uniqueEmail } from '../../../../tests/unique'

const list = (query: string, token?: string) =>
  call(listApi, getRequest(`/api/v1/scammer/${query}`, { token }))
const add = (body: unknown, token?: string) =>
  call(listPost, jsonRequest('/api/v1/scammer/', body, { token }))
const remove = (id: number | string, token?: string) =>
  call(oneApi, send('DELETE', `/api/v1/scammer/${id}`, token), { id: String(id) })

describe('GET /api/v1/scammer/', () => {
  test('every role reads the list, paged like the other lists, searched by q', async () => {
    const pmm = await userWithToken('pmm')
    const tag = `get${Date.now()}`
    const email = uniqueEmail(tag)
    const { entry } = unwrap(addScammer(pmm.user, { email, reason: 'Chargeback after refund' }))
    for (const role of ['pm', 'pmm', 'admin'] as const) {
      const { token } = await userWithToken(role)
      const r = await list(`?q=${tag}`, token)
      expect(r.status).toBe(200)
      expect(Object.keys(r.data)).toEqual(['data', 'total', 'page', 'pageCount'])
      expect(r.data).toMatchObject({ total: 1, page: 1, pageCount: 1 })
      expect(r.data.data).toEqual([
        {
          _id: String(entry.id),
          email,
          reason: 'Chargeback after refund',
          reportedBy: { name: pmm.user.name },
          createdAt: entry.createdAt.toISOString(),
        },
      ])
    }
  })

  test('a bad page is a 400 naming it; no token is a 401', async () => {
    const { token } = await userWithToken('pm')
    const bad = await list('?page=zero', token)
    expect(bad.status).toBe(400)
    expect(bad.data).toEqual({
      success: false,
      message: 'Invalid page: please send a positive whole number.',
    })
    const anonymous = await list('')
    expect(anonymous.status).toBe(401)
    expect(anonymous.data).toEqual({ success: false, message: 'Please sign in first.' })
  })
})

describe('POST /api/v1/scammer/', () => {
  test('a pmm or an admin adds an entry: 201 with the message and the entry', async () => {
    for (const role of ['pmm', 'admin'] as const) {
      const reporter = await userWithToken(role)
      const email = uniqueEmail('New.Entry')
      const r = await add(
        { email: `  ${email.toUpperCase()} `, reason: 'Fake claim' },
        reporter.token,
      )
      expect(r.status).toBe(201)
      expect(r.data).toMatchObject({
        success: true,
        message: 'Scammer PayPal added successfully.',
        data: {
          email: email.toLowerCase(),
          reason: 'Fake claim',
          reportedBy: { name: reporter.user.name },
        },
      })
      expect(scammerListed(email)).toBe(true)
    }
  })

  test('a duplicate in another case is a 409 on the email field', async () => {
    const pmm = await userWithToken('pmm')
    const email = uniqueEmail('api')
    unwrap(addScammer(pmm.user, { email, reason: 'first' }))
    const r = await add({ email: email.toUpperCase(), reason: 'again' }, pmm.token)
    expect(r.status).toBe(409)
    expect(r.data).toEqual({
      success: false,
      message: 'This email is already on the Scammer PayPal list.',
      errors: { email: ['This email is already on the Scammer PayPal list.'] },
    })
  })

  test('validation: 400 with the first message and every message by field', async () => {
    const { token } = await userWithToken('admin')
    const r = await add({ email: 'nope', reason: '' }, token)
    expect(r.status).toBe(400)
    expect(r.data).toEqual({
      success: false,
      message: 'Email must be valid email.',
      errors: { email: ['Email must be valid email.'], reason: ['Please enter a reason.'] },
    })
    const notJson = await add('email=a@b.c', token)
    expect(notJson.status).toBe(400)
    expect(notJson.data.message).toBe('The request body must be a JSON object.')
  })

  test('a pm gets 403, a visitor 401; nothing is added', async () => {
    const pm = await userWithToken('pm')
    const email = uniqueEmail('api')
    const r = await add({ email, reason: 'x' }, pm.token)
    expect(r.status).toBe(403)
    expect(r.data).toEqual({ success: false, message: 'You are not allowed to do this.' })
    expect((await add({ email, reason: 'x' })).status).toBe(401)
    expect(scammerListed(email)).toBe(false)
  })

  test('the session cookie works like the token', async () => {
    const pmm = await userWithToken('pmm')
    const cookie = await sessionCookie(pmm.user.id)
    const email = uniqueEmail('api')
    const request = new Request('http://localhost/api/v1/scammer/', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, reason: 'By cookie' }),
    })
    expect((await call(listPost, request)).status).toBe(201)
  })
})

describe('DELETE /api/v1/scammer/{id}', () => {
  test('a pmm removes an entry; again is a 404; a bad id is a 400', async () => {
    const pmm = await userWithToken('pmm')
    const email = uniqueEmail('api')
    const { entry } = unwrap(addScammer(pmm.user, { email, reason: 'x' }))
    const r = await remove(entry.id, pmm.token)
    expect(r.status).toBe(200)
    expect(r.data).toMatchObject({
      success: true,
      message: 'Scammer PayPal removed successfully.',
      data: { _id: String(entry.id), email },
    })
    expect(scammerListed(email)).toBe(false)
    const again = await remove(entry.id, pmm.token)
    expect(again.status).toBe(404)
    expect(again.data).toEqual({
      success: false,
      message: 'No such entry on the Scammer PayPal list.',
    })
    const bad = await remove('abc', pmm.token)
    expect(bad.status).toBe(400)
    expect(bad.data).toEqual({ success: false, message: 'please send a positive whole number.' })
  })

  test('a pm gets 403 and the entry stays; an admin may remove it', async () => {
    const pmm = await userWithToken('pmm')
    const pm = await userWithToken('pm')
    const admin = await userWithToken('admin')
    const email = uniqueEmail('api')
    const { entry } = unwrap(addScammer(pmm.user, { email, reason: 'x' }))
    expect((await remove(entry.id, pm.token)).status).toBe(403)
    expect(scammerListed(email)).toBe(true)
    expect((await remove(entry.id, admin.token)).status).toBe(200)
  })

  test('GET on an entry is a 405 naming DELETE', async () => {
    const { token } = await userWithToken('pmm')
    const r = await call(oneApi, send('GET', '/api/v1/scammer/1', token), { id: '1' })
    expect(r.status).toBe(405)
    expect(r.headers.get('Allow')).toBe('DELETE')
  })
})

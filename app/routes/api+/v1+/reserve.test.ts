import { describe, expect, test } from 'vitest'
import { makeOrder, makeProduct } from '../../../../server/factories'
import { RESERVE_MESSAGES } from '~/models/reservation.server'
import { call, getRequest } from '../../../../tests/route'
import { loader as productApi } from './product.$pId'
import { action as listPost, loader as listApi } from './reserve._index'
import { action as reserveApi, loader as reserveGet } from './reserve.$pId'
import { peopleWithTokens, send, sessionCookie, userWithToken } from '../../../../tests/api'

const reserve = (pId: number | string, token?: string) =>
  call(reserveApi, send('POST', `/api/v1/reserve/${pId}`, token), { pId: String(pId) })
const release = (pId: number | string, token?: string) =>
  call(reserveApi, send('DELETE', `/api/v1/reserve/${pId}`, token), { pId: String(pId) })
const list = (query: string, token?: string) =>
  call(listApi, getRequest(`/api/v1/reserve/${query}`, { token }))
const listedPids = async (query: string, token: string) =>
  ((await list(query, token)).data.data as Array<{ productId: { pId: number } }>)
    .map((r) => r.productId.pId)
    .sort()

async function world() {
  const people = await peopleWithTokens()
  const { refs, otherRefs, owner, otherPmm } = people
  const product = await makeProduct(owner.user, refs, { limitPerDay: 3, limit: 50 })
  const othersProduct = await makeProduct(otherPmm.user, otherRefs)
  return { ...people, product, othersProduct }
}

describe('reserve → list → release round trip', () => {
  test('a pm reserves, sees it listed with the quota taken, releases it and the unit is back', async () => {
    const w = await world()
    const pId = w.product.pId
    const reserved = await reserve(pId, w.pm.token)
    expect(reserved.status).toBe(201)
    expect(reserved.data).toEqual({ success: true, message: RESERVE_MESSAGES.success(60) })

    const listed = await list('', w.pm.token)
    expect(listed.status).toBe(200)
    expect(Object.keys(listed.data)).toEqual(['data', 'total', 'page', 'pageCount'])
    expect(listed.data.data).toHaveLength(1)
    const row = listed.data.data[0]
    expect(row).toMatchObject({
      userId: { _id: String(w.pm.user.id), name: w.pm.user.name },
      reserveBy: w.pm.user.name,
      sellerName: w.owner.user.name,
      productId: { pId, brandName: w.product.brandName },
      canRelease: true,
    })
    expect(row.productId.image).toMatch(/^\/resources\/pictures\/[0-9a-f]{64}\/thumb$/)
    expect(typeof row._id).toBe('string')
    expect(row.createdAt.slice(0, 10)).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(row.minutesLeft).toBeGreaterThanOrEqual(59)

    const product = async () =>
      (
        await call(productApi, getRequest(`/api/v1/product/${pId}`, { token: w.pm.token }), {
          pId: String(pId),
        })
      ).data.data
    expect(await product()).toMatchObject({ todayRemaining: 2, totalRemaining: 49 })

    const released = await release(pId, w.pm.token)
    expect(released.status).toBe(200)
    expect(released.data).toEqual({ success: true, message: 'Product release successfully.' })
    expect((await list('', w.pm.token)).data.data).toEqual([])
    expect(await product()).toMatchObject({ todayRemaining: 3, totalRemaining: 50 })

    const again = await release(pId, w.pm.token)
    expect(again.status).toBe(404)
    expect(again.data).toEqual({
      success: false,
      message: 'No active reservation found for this product.',
    })
  })

  test('the session cookie works like the token', async () => {
    const w = await world()
    const cookie = await sessionCookie(w.pm.user.id)
    const req = new Request(`http://localhost/api/v1/reserve/${w.product.pId}`, {
      method: 'POST',
      headers: { Cookie: cookie },
    })
    const r = await call(reserveApi, req, { pId: String(w.product.pId) })
    expect(r.status).toBe(201)
    const listed = await call(listApi, getRequest('/api/v1/reserve/', { cookie }))
    expect(listed.data.data).toHaveLength(1)
  })
})

describe('POST /api/v1/reserve/{pId} refusals', () => {
  test('only a pm reserves: pmm and admin 403, no token 401', async () => {
    const w = await world()
    for (const { token } of [w.owner, w.admin]) {
      const r = await reserve(w.product.pId, token)
      expect(r.status).toBe(403)
      expect(r.data).toEqual({ success: false, message: 'Only marketers can reserve products.' })
    }
    const anonymous = await reserve(w.product.pId)
    expect(anonymous.status).toBe(401)
    expect(anonymous.data).toEqual({ success: false, message: 'Please sign in first.' })
  })

  test.each([
    ['abc', 'Please enter number.'],
    ['12345', 'Enter 6 digits product ID.'],
    ['1234567', "Please don't exceed over 6 digits product ID."],
  ])('a malformed id %j is a 400: %j', async (pId, message) => {
    const { token } = await userWithToken('pm')
    const r = await reserve(pId, token)
    expect(r.status).toBe(400)
    expect(r.data).toEqual({ success: false, message })
  })

  test('unknown 404; twice 409; disabled 409; full 409', async () => {
    const w = await world()
    expect((await reserve(999999, w.pm.token)).data).toEqual({
      success: false,
      message: 'No product found with ID 999999.',
    })
    expect((await reserve(999999, w.pm.token)).status).toBe(404)

    expect((await reserve(w.product.pId, w.pm.token)).status).toBe(201)
    const twice = await reserve(w.product.pId, w.pm.token)
    expect(twice.status).toBe(409)
    expect(twice.data).toEqual({ success: false, message: RESERVE_MESSAGES.duplicate })

    const disabled = await makeProduct(w.owner.user, w.refs, { status: 'disabled' })
    const r = await reserve(disabled.pId, w.pm.token)
    expect(r.status).toBe(409)
    expect(r.data).toEqual({ success: false, message: RESERVE_MESSAGES.disabled })

    const one = await makeProduct(w.owner.user, w.refs, { limitPerDay: 1, limit: 10 })
    makeOrder({ product: one, user: w.otherPm.user })
    const full = await reserve(one.pId, w.pm.token)
    expect(full.status).toBe(409)
    expect(full.data).toEqual({ success: false, message: RESERVE_MESSAGES.todayFull })
  })

  test('other methods are 405 with Allow', async () => {
    const { token } = await userWithToken('pm')
    const get = await call(reserveGet, getRequest('/api/v1/reserve/123456', { token }))
    expect(get.status).toBe(405)
    expect(get.data).toEqual({ success: false, message: 'This method is not allowed here.' })
    expect(get.headers.get('Allow')).toBe('POST, DELETE')
    const putReq = await call(reserveApi, send('PUT', '/api/v1/reserve/123456', token), {
      pId: '123456',
    })
    expect(putReq.status).toBe(405)
    const postList = await call(listPost, send('POST', '/api/v1/reserve/', token))
    expect(postList.status).toBe(405)
    expect(postList.headers.get('Allow')).toBe('GET')
  })
})

describe('GET /api/v1/reserve/', () => {
  test('who sees which: a pm their own, the owner pmm those on their products, an admin all', async () => {
    const w = await world()
    await reserve(w.product.pId, w.pm.token)
    await reserve(w.othersProduct.pId, w.otherPm.token)
    expect(await listedPids('', w.pm.token)).toEqual([w.product.pId])
    expect(await listedPids('', w.otherPm.token)).toEqual([w.othersProduct.pId])
    expect(await listedPids('', w.owner.token)).toEqual([w.product.pId])
    expect(await listedPids('', w.otherPmm.token)).toEqual([w.othersProduct.pId])
    expect(await listedPids('', w.admin.token)).toEqual(
      expect.arrayContaining([w.product.pId, w.othersProduct.pId]),
    )
    expect((await list('')).status).toBe(401)
  })

  test('filters: market, searchByID, productId, sellerName', async () => {
    const w = await world()
    await reserve(w.product.pId, w.pm.token)
    await reserve(w.othersProduct.pId, w.pm.token)
    const t = w.pm.token
    expect(await listedPids(`?market=${w.otherRefs.marketId}`, t)).toEqual([w.othersProduct.pId])
    expect(await listedPids(`?searchByID=${w.product.pId}`, t)).toEqual([w.product.pId])
    expect(await listedPids(`?productId=${w.othersProduct.pId}`, t)).toEqual([w.othersProduct.pId])
    expect(await listedPids(`?searchByID=${w.product.pId}&productId=${w.product.pId}`, t)).toEqual([
      w.product.pId,
    ])
    expect(await listedPids(`?sellerName=${w.otherPmm.user.id}`, t)).toEqual([w.othersProduct.pId])
    expect(await listedPids('?market=&searchByID=&productId=&sellerName=', t)).toHaveLength(2)
  })

  test.each([
    ['?searchByID=abc', 'Invalid searchByID: Please enter number.'],
    ['?productId=99', 'Invalid productId: Enter 6 digits product ID.'],
    ['?market=US', 'Invalid market: please send a positive whole number.'],
    ['?sellerName=Ali', 'Invalid sellerName: please send a positive whole number.'],
    [
      '?searchByID=123456&productId=654321',
      'searchByID and productId are the same filter; please send one of them.',
    ],
  ])('bad query %s is a 400', async (query, message) => {
    const { token } = await userWithToken('pm')
    const r = await list(query, token)
    expect(r.status).toBe(400)
    expect(r.data).toEqual({ success: false, message })
  })
})

describe('DELETE /api/v1/reserve/{pId} ownership', () => {
  test('another pm and another pmm get 404 and the reservation stays', async () => {
    const w = await world()
    await reserve(w.product.pId, w.pm.token)
    for (const { token } of [w.otherPm, w.otherPmm]) {
      const r = await release(w.product.pId, token)
      expect(r.status).toBe(404)
      expect(r.data).toEqual({
        success: false,
        message: 'No active reservation found for this product.',
      })
    }
    expect(await listedPids('', w.pm.token)).toEqual([w.product.pId])
  })

  test('the owner pmm may release a pm’s reservation on their product', async () => {
    const w = await world()
    await reserve(w.product.pId, w.pm.token)
    const r = await release(w.product.pId, w.owner.token)
    expect(r.status).toBe(200)
    expect(r.data).toEqual({ success: true, message: 'Product release successfully.' })
    expect(await listedPids('', w.pm.token)).toEqual([])
  })

  test('an admin may release any; by pId a pm releases only their own', async () => {
    const w = await world()
    await reserve(w.product.pId, w.pm.token)
    await reserve(w.product.pId, w.otherPm.token)
    expect((await release(w.product.pId, w.otherPm.token)).status).toBe(200)
    expect(await listedPids('', w.pm.token)).toEqual([w.product.pId])
    expect((await release(w.product.pId, w.admin.token)).status).toBe(200)
    expect(await listedPids('', w.admin.token)).not.toContain(w.product.pId)
  })

  test('malformed id 400, unknown 404, no token 401', async () => {
    const { token } = await userWithToken('pm')
    const bad = await release('abc', token)
    expect(bad.status).toBe(400)
    expect(bad.data).toEqual({ success: false, message: 'Please enter number.' })
    expect((await release(999999, token)).status).toBe(404)
    expect((await release(999999)).status).toBe(401)
  })
})

import { describe, expect, test } from 'vitest'
import { makePictureBytes, makeProduct } from '../../../../server/factories'
import { PICTURE_INVALID_MESSAGE, PICTURE_TOO_LARGE_MESSAGE } from '~/models/picture.server'
import { getProductByPid, productCounts } from '~/models/product.server'
import { addDays, businessDate } from '~/core/business-day.server'
import { call, getRequest } from '../../../../tests/route'
import { action as createApi, loader as listApi } from './product._index'
import { action as oneAction, loader as oneApi } from './product.$pId'
import { action as enableApi, loader as enableGet } from './product.enable.$pId'
import { action as disableApi } from './product.disable.$pId'
import { action as adminEnableApi } from './product.admin.enable.$pId'
import { action as adminDisableApi, loader as adminDisableGet } from './product.admin.disable.$pId'
import { loader as enabledApi, action as enabledPost } from './product.enabled'
import { loader as disabledApi } from './product.disabled'
import { loader as adminListApi, action as adminListPost } from './product.admin._index'
import {
  makeRefs,
  peopleWithTokens,
  send,
  sessionCookie,
  userWithToken,
} from '../../../../tests/api'

type Refs = ReturnType<typeof makeRefs>

/** Two managers with products, a marketer and an admin. */
async function world() {
  const { refs, otherRefs, owner, otherPmm, pm, admin } = await peopleWithTokens()
  const published = await makeProduct(owner.user, refs)
  const disabled = await makeProduct(owner.user, refs, { status: 'disabled' })
  const othersProduct = await makeProduct(otherPmm.user, otherRefs)
  return { refs, otherRefs, owner, otherPmm, pm, admin, published, disabled, othersProduct }
}

const pIds = (data: Array<{ pId: number }>) => data.map((p) => p.pId).sort()

// ---------------------------------------------------------------------------------------------
// POST /product/

async function productForm(refs: Refs, overrides: Record<string, string | File | null> = {}) {
  const fields: Record<string, string | File | null> = {
    keywords: 'wireless earbuds',
    brandName: 'Sound 声音',
    soldBy: 'Shenzhen Audio Store',
    market: String(refs.marketId),
    chineseSeller: String(refs.chineseSellerId),
    categoryId: String(refs.categoryId),
    commission: '12.50',
    websiteCommission: '3',
    limitPerDay: '4',
    limit: '40',
    instruction: 'Search by keywords only.',
    refundPolicy: 'Refund after review.',
    commissionPolicy: 'Commission after review.',
    image: new File([new Uint8Array(await makePictureBytes(11))], 'product.png', {
      type: 'image/png',
    }),
    screenShot: new File([new Uint8Array(await makePictureBytes(12))], 'market.png', {
      type: 'image/png',
    }),
    ...overrides,
  }
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) if (value !== null) form.append(name, value)
  return form
}

/** POST /api/v1/product/ with the product form, `overrides` applied (null drops a field). */
const addProduct = async (
  refs: Refs,
  token?: string,
  overrides: Parameters<typeof productForm>[1] = {},
) =>
  call(
    createApi,
    send('POST', '/api/v1/product/', token, { body: await productForm(refs, overrides) }),
  )

describe('POST /api/v1/product/', () => {
  test('a pmm adds a product: 201 with the message and the product as GET shows it', async () => {
    const refs = makeRefs()
    const { user, token } = await userWithToken('pmm')
    const marketing = addDays(businessDate(), 10)
    const r = await addProduct(refs, token, { marketing })
    expect(r.status).toBe(201)
    expect(r.data).toMatchObject({ success: true, message: 'Product added successfully.' })
    const product = r.data.data
    expect(product).toMatchObject({
      keywords: 'wireless earbuds',
      brandName: 'Sound 声音',
      soldBy: 'Shenzhen Audio Store',
      market: { _id: String(refs.marketId) },
      chineseSeller: { _id: String(refs.chineseSellerId) },
      category: { _id: String(refs.categoryId) },
      commission: 12.5,
      websiteCommission: 3,
      limitPerDay: 4,
      limit: 40,
      todayRemaining: 4,
      totalRemaining: 40,
      marketing,
      status: 'published',
      ownerId: user.id,
    })
    expect(product.pId).toBeGreaterThanOrEqual(100000)
    expect(product.pId).toBeLessThanOrEqual(999999)
    expect(product.image.thumb).toMatch(/^\/resources\/pictures\/[0-9a-f]{64}\/thumb$/)

    const one = await call(oneApi, getRequest(`/api/v1/product/${product.pId}`, { token }), {
      pId: String(product.pId),
    })
    expect(one.data.data).toEqual(product)
  })

  test('only a pmm may add: pm and admin 403, no token 401, nothing stored', async () => {
    const refs = makeRefs()
    const before = productCounts().total
    for (const role of ['pm', 'admin'] as const) {
      const { token } = await userWithToken(role)
      const r = await addProduct(refs, token)
      expect(r.status).toBe(403)
      expect(r.data).toEqual({ success: false, message: 'You are not allowed to do this.' })
    }
    const anonymous = await addProduct(refs)
    expect(anonymous.status).toBe(401)
    expect(anonymous.data).toEqual({ success: false, message: 'Please sign in first.' })
    expect(productCounts().total).toBe(before)
  })

  test('validation: 400 with the first message and every message by field', async () => {
    const refs = makeRefs()
    const { token } = await userWithToken('pmm')
    const r = await addProduct(refs, token, {
      keywords: '',
      commission: 'abc',
      limitPerDay: '2.5',
      image: null,
    })
    expect(r.status).toBe(400)
    expect(r.data.success).toBe(false)
    expect(r.data.message).toBe('Please enter the keywords.')
    expect(r.data.errors).toEqual({
      keywords: ['Please enter the keywords.'],
      commission: ['The commission must be a number.'],
      limitPerDay: ['The daily sale limit must be a whole number.'],
      image: ['Please choose the product picture.'],
    })
  })

  // One field wrong: its message as the message and under its field, nothing stored.
  test.each([
    [
      'the daily limit over the overall limit',
      { limitPerDay: '9', limit: '5' },
      400,
      'limitPerDay',
      'The daily sale limit cannot be more than the overall sale limit.',
    ],
    ['an unknown market', { market: '99999' }, 400, 'market', 'This market does not exist.'],
    [
      'an end marketing date in the past',
      { marketing: addDays(businessDate(), -1) },
      400,
      'marketing',
      'The end marketing date cannot be in the past.',
    ],
    [
      'an end marketing date that is not a date',
      { marketing: 'next week' },
      400,
      'marketing',
      'Please enter the end marketing date as a date.',
    ],
    [
      'a file that is not a picture',
      { screenShot: new File(['<html>not a picture</html>'], 'fake.png', { type: 'image/png' }) },
      400,
      'screenShot',
      PICTURE_INVALID_MESSAGE,
    ],
    [
      'a picture over 5 MB',
      { image: new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }) },
      413,
      'image',
      PICTURE_TOO_LARGE_MESSAGE,
    ],
  ])('%s is refused by field', async (_case, overrides, status, field, message) => {
    const { token } = await userWithToken('pmm')
    const before = productCounts().total
    const r = await addProduct(makeRefs(), token, overrides)
    expect(r.status).toBe(status)
    expect(r.data).toEqual({ success: false, message, errors: { [field]: [message] } })
    expect(productCounts().total).toBe(before)
  })

  test('an oversized text field is 413', async () => {
    const { token } = await userWithToken('pmm')
    const text = await addProduct(makeRefs(), token, { instruction: 'x'.repeat(150_000) })
    expect(text.status).toBe(413)
    expect(text.data).toEqual({ success: false, message: 'The form is too large to send.' })
  })

  test('a body that is not a multipart form is a clear 400', async () => {
    const { token } = await userWithToken('pmm')
    const message =
      'Please send the product as a multipart form (multipart/form-data) with its pictures.'
    const asJson = await call(
      createApi,
      send('POST', '/api/v1/product/', token, {
        body: JSON.stringify({ keywords: 'x' }),
        contentType: 'application/json',
      }),
    )
    expect(asJson.status).toBe(400)
    expect(asJson.data).toEqual({ success: false, message })
    const urlEncoded = await call(
      createApi,
      send('POST', '/api/v1/product/', token, {
        body: 'keywords=x',
        contentType: 'application/x-www-form-urlencoded',
      }),
    )
    expect(urlEncoded.data).toEqual({ success: false, message })
    const noBody = await call(createApi, send('POST', '/api/v1/product/', token))
    expect(noBody.status).toBe(400)
  })

  test('a broken multipart body is a 400, not a 500', async () => {
    const { token } = await userWithToken('pmm')
    for (const contentType of ['multipart/form-data; boundary=zzz', 'multipart/form-data;']) {
      const r = await call(
        createApi,
        send('POST', '/api/v1/product/', token, {
          body: '--zzz\r\nContent-Disposition: form-data; name="keywords"\r\n\r\nhalf a part',
          contentType,
        }),
      )
      expect(r.status).toBe(400)
      expect(r.data).toEqual({ success: false, message: 'The multipart form could not be read.' })
    }
  })
})

// ---------------------------------------------------------------------------------------------
// GET /product/ and the other lists

describe('GET /api/v1/product/', () => {
  test('answers { data, total, page, pageCount } with the catalog as the role sees it', async () => {
    const w = await world()
    const asPm = await call(listApi, getRequest('/api/v1/product/', { token: w.pm.token }))
    expect(asPm.status).toBe(200)
    expect(Object.keys(asPm.data).sort()).toEqual(['data', 'page', 'pageCount', 'total'])
    // A pm sees every manager's published products, never disabled ones.
    expect(pIds(asPm.data.data)).toEqual(
      expect.arrayContaining([w.published.pId, w.othersProduct.pId]),
    )
    expect(pIds(asPm.data.data)).not.toContain(w.disabled.pId)

    // A pmm sees their own published products only.
    const asOwner = await call(listApi, getRequest('/api/v1/product', { token: w.owner.token }))
    expect(pIds(asOwner.data.data)).toEqual([w.published.pId])
    expect(asOwner.data).toMatchObject({ total: 1, page: 1, pageCount: 1 })

    // An admin sees every published product.
    const asAdmin = await call(listApi, getRequest('/api/v1/product/', { token: w.admin.token }))
    expect(pIds(asAdmin.data.data)).toEqual(
      expect.arrayContaining([w.published.pId, w.othersProduct.pId]),
    )
    expect(pIds(asAdmin.data.data)).not.toContain(w.disabled.pId)
    const row = asAdmin.data.data.find((p: { pId: number }) => p.pId === w.published.pId)
    expect(row).toMatchObject({
      _id: String(w.published.id),
      market: { _id: String(w.refs.marketId) },
      commission: 8,
      todayRemaining: 5,
      status: 'published',
    })
  })

  test('no token is 401; the session cookie works like the token', async () => {
    const w = await world()
    const anonymous = await call(listApi, getRequest('/api/v1/product/'))
    expect(anonymous.status).toBe(401)
    expect(anonymous.data).toEqual({ success: false, message: 'Please sign in first.' })
    const cookie = await sessionCookie(w.owner.user.id)
    const withCookie = await call(listApi, getRequest('/api/v1/product/', { cookie }))
    expect(withCookie.status).toBe(200)
    expect(pIds(withCookie.data.data)).toEqual([w.published.pId])
  })

  test('filters: market, category, Chinese seller, keyword, product id', async () => {
    const w = await world()
    const token = w.admin.token
    const list = async (query: string) =>
      pIds((await call(listApi, getRequest(`/api/v1/product/?${query}`, { token }))).data.data)
    expect(await list(`market=${w.otherRefs.marketId}`)).toEqual([w.othersProduct.pId])
    expect(await list(`categoryId=${w.refs.categoryId}`)).toEqual([w.published.pId])
    expect(await list(`chineseSeller=${w.otherRefs.chineseSellerId}`)).toEqual([
      w.othersProduct.pId,
    ])
    expect(await list(`productId=${w.published.pId}`)).toEqual([w.published.pId])
    expect(await list(`searchByKey=${encodeURIComponent(w.othersProduct.keywords)}`)).toEqual([
      w.othersProduct.pId,
    ])
    // Empty parameters (an unselected filter) mean "no filter".
    const all = await list('market=&categoryId=&chineseSeller=&searchByKey=&productId=&page=')
    expect(all).toEqual(expect.arrayContaining([w.published.pId, w.othersProduct.pId]))
  })

  test('pages of 25 with the total and page count', async () => {
    const refs = makeRefs()
    const { user, token } = await userWithToken('pmm')
    for (let i = 0; i < 27; i++) await makeProduct(user, refs)
    const first = await call(listApi, getRequest('/api/v1/product/', { token }))
    expect(first.data).toMatchObject({ total: 27, page: 1, pageCount: 2 })
    expect(first.data.data).toHaveLength(25)
    const second = await call(listApi, getRequest('/api/v1/product/?page=2', { token }))
    expect(second.data).toMatchObject({ total: 27, page: 2, pageCount: 2 })
    expect(second.data.data).toHaveLength(2)
    // A page past the end answers the last page.
    const past = await call(listApi, getRequest('/api/v1/product/?page=9', { token }))
    expect(past.data.page).toBe(2)
  })

  test.each([
    ['productId=abc', 'Invalid productId: Please enter number.'],
    ['productId=12345', 'Invalid productId: Enter 6 digits product ID.'],
    ['productId=1234567', "Invalid productId: Please don't exceed over 6 digits product ID."],
    ['market=abc', 'Invalid market: please send a positive whole number.'],
    ['categoryId=-1', 'Invalid categoryId: please send a positive whole number.'],
    ['chineseSeller=1.5', 'Invalid chineseSeller: please send a positive whole number.'],
    ['page=0', 'Invalid page: please send a positive whole number.'],
    ['page=two', 'Invalid page: please send a positive whole number.'],
    [`searchByKey=${'k'.repeat(301)}`, 'Invalid searchByKey: please send at most 300 characters.'],
  ])('bad query %s is a 400: %s', async (query, message) => {
    const { token } = await userWithToken('pm')
    for (const fn of [listApi, enabledApi]) {
      const r = await call(fn, getRequest(`/api/v1/product/?${query}`, { token }))
      expect(r.status).toBe(400)
      expect(r.data).toEqual({ success: false, message })
    }
  })

  test('other methods are 405 JSON with Allow', async () => {
    const { token } = await userWithToken('pmm')
    const r = await call(createApi, send('PATCH', '/api/v1/product/', token))
    expect(r.status).toBe(405)
    expect(r.data).toEqual({ success: false, message: 'This method is not allowed here.' })
    expect(r.headers.get('Allow')).toBe('GET, POST')
  })
})

describe('GET /api/v1/product/enabled/ and /disabled/', () => {
  test('enabled is the catalog as the role sees it', async () => {
    const w = await world()
    const owner = await call(
      enabledApi,
      getRequest('/api/v1/product/enabled/', { token: w.owner.token }),
    )
    expect(owner.status).toBe(200)
    expect(pIds(owner.data.data)).toEqual([w.published.pId])
    const pm = await call(enabledApi, getRequest('/api/v1/product/enabled/', { token: w.pm.token }))
    expect(pIds(pm.data.data)).toEqual(
      expect.arrayContaining([w.published.pId, w.othersProduct.pId]),
    )
    expect(pIds(pm.data.data)).not.toContain(w.disabled.pId)
  })

  test('disabled: a pmm their own, an admin all, a pm 404; filters apply', async () => {
    const w = await world()
    const otherDisabled = await makeProduct(w.otherPmm.user, w.otherRefs, { status: 'disabled' })
    const url = '/api/v1/product/disabled/'
    const owner = await call(disabledApi, getRequest(url, { token: w.owner.token }))
    expect(owner.status).toBe(200)
    expect(owner.data).toMatchObject({ total: 1, page: 1, pageCount: 1 })
    expect(pIds(owner.data.data)).toEqual([w.disabled.pId])
    expect(owner.data.data[0].status).toBe('disabled')

    const admin = await call(disabledApi, getRequest(url, { token: w.admin.token }))
    expect(pIds(admin.data.data)).toEqual(
      expect.arrayContaining([w.disabled.pId, otherDisabled.pId]),
    )
    expect(pIds(admin.data.data)).not.toContain(w.published.pId)
    const filtered = await call(
      disabledApi,
      getRequest(`${url}?market=${w.otherRefs.marketId}`, { token: w.admin.token }),
    )
    expect(pIds(filtered.data.data)).toEqual([otherDisabled.pId])

    const pm = await call(disabledApi, getRequest(url, { token: w.pm.token }))
    expect(pm.status).toBe(404)
    expect(pm.data).toEqual({ success: false, message: 'No such product list.' })

    expect((await call(disabledApi, getRequest(url))).status).toBe(401)
    const bad = await call(
      disabledApi,
      getRequest(`${url}?productId=abc`, { token: w.owner.token }),
    )
    expect(bad.status).toBe(400)
  })

  test('only GET', async () => {
    const r = await call(enabledPost, send('POST', '/api/v1/product/enabled/'))
    expect(r.status).toBe(405)
  })
})

describe('GET /api/v1/product/admin', () => {
  test('an admin lists every manager’s products, filtered by market and productId', async () => {
    const w = await world()
    const token = w.admin.token
    const all = await call(adminListApi, getRequest('/api/v1/product/admin', { token }))
    expect(all.status).toBe(200)
    expect(Object.keys(all.data).sort()).toEqual(['data', 'page', 'pageCount', 'total'])
    expect(pIds(all.data.data)).toEqual(
      expect.arrayContaining([w.published.pId, w.othersProduct.pId]),
    )
    const byMarket = await call(
      adminListApi,
      getRequest(`/api/v1/product/admin?market=${w.refs.marketId}`, { token }),
    )
    // Both published and disabled products, newest first.
    expect(pIds(byMarket.data.data).sort()).toEqual([w.disabled.pId, w.published.pId].sort())
    const published = await call(
      adminListApi,
      getRequest(`/api/v1/product/admin?status=published&market=${w.refs.marketId}`, { token }),
    )
    expect(pIds(published.data.data)).toEqual([w.published.pId])
    const byId = await call(
      adminListApi,
      getRequest(`/api/v1/product/admin/?productId=${w.othersProduct.pId}`, { token }),
    )
    expect(pIds(byId.data.data)).toEqual([w.othersProduct.pId])
    const disabled = await call(
      adminListApi,
      getRequest(`/api/v1/product/admin?status=disabled&market=${w.refs.marketId}`, { token }),
    )
    expect(pIds(disabled.data.data)).toEqual([w.disabled.pId])
  })

  test('pm and pmm get 403, no token 401, bad params 400, other methods 405', async () => {
    const w = await world()
    for (const { token } of [w.pm, w.owner]) {
      const r = await call(adminListApi, getRequest('/api/v1/product/admin', { token }))
      expect(r.status).toBe(403)
      expect(r.data).toEqual({ success: false, message: 'You are not allowed to do this.' })
    }
    expect((await call(adminListApi, getRequest('/api/v1/product/admin'))).status).toBe(401)
    const badId = await call(
      adminListApi,
      getRequest('/api/v1/product/admin?productId=abc', { token: w.admin.token }),
    )
    expect(badId.data).toEqual({
      success: false,
      message: 'Invalid productId: Please enter number.',
    })
    const badStatus = await call(
      adminListApi,
      getRequest('/api/v1/product/admin?status=gone', { token: w.admin.token }),
    )
    expect(badStatus.status).toBe(400)
    expect(badStatus.data.message).toBe('Invalid status: please send published, disabled or all.')
    expect((await call(adminListPost, send('POST', '/api/v1/product/admin'))).status).toBe(405)
  })
})

// ---------------------------------------------------------------------------------------------
// GET /product/{pId}

describe('GET /api/v1/product/{pId}', () => {
  const get = (pId: number | string, token?: string) =>
    call(oneApi, getRequest(`/api/v1/product/${pId}`, { token }), { pId: String(pId) })

  test('a published product is open to every role', async () => {
    const w = await world()
    for (const { token } of [w.pm, w.owner, w.otherPmm, w.admin]) {
      const r = await get(w.published.pId, token)
      expect(r.status).toBe(200)
      expect(Object.keys(r.data)).toEqual(['data'])
      expect(r.data.data).toMatchObject({
        pId: w.published.pId,
        keywords: w.published.keywords,
        instruction: w.published.instruction,
        status: 'published',
      })
    }
  })

  test('a disabled product: owner and admin see it, a pm and another pmm get 404', async () => {
    const w = await world()
    for (const { token } of [w.owner, w.admin]) {
      expect((await get(w.disabled.pId, token)).data.data.status).toBe('disabled')
    }
    for (const { token } of [w.pm, w.otherPmm]) {
      const r = await get(w.disabled.pId, token)
      expect(r.status).toBe(404)
      expect(r.data).toEqual({
        success: false,
        message: `No product found with ID ${w.disabled.pId}.`,
      })
    }
  })

  test('unknown 404, malformed 400, no token 401, other methods 405', async () => {
    const { token } = await userWithToken('pm')
    expect((await get(999999, token)).data).toEqual({
      success: false,
      message: 'No product found with ID 999999.',
    })
    const bad = await get('abc', token)
    expect(bad.status).toBe(400)
    expect(bad.data).toEqual({ success: false, message: 'Please enter number.' })
    expect((await get('123', token)).data.message).toBe('Enter 6 digits product ID.')
    expect((await get(999999)).status).toBe(401)
    const put = await call(oneAction, send('PUT', '/api/v1/product/999999', token), {
      pId: '999999',
    })
    expect(put.status).toBe(405)
    expect(put.headers.get('Allow')).toBe('GET')
  })
})

// ---------------------------------------------------------------------------------------------
// PUT /product/enable|disable/{pId} and the admin variants

const SWITCHES = {
  enable: [enableApi, '/api/v1/product/enable/'],
  disable: [disableApi, '/api/v1/product/disable/'],
  'admin/enable': [adminEnableApi, '/api/v1/product/admin/enable/'],
  'admin/disable': [adminDisableApi, '/api/v1/product/admin/disable/'],
} as const
/** PUT /api/v1/product/{which}/{pId}. */
const put = (which: keyof typeof SWITCHES, pId: number | string, token?: string) => {
  const [fn, path] = SWITCHES[which]
  return call(fn, send('PUT', `${path}${pId}`, token), { pId: String(pId) })
}
const statusOf = (pId: number) => getProductByPid(pId)?.status

describe('PUT /api/v1/product/enable|disable/{pId}', () => {
  test.each([
    ['the owner pmm', 'owner', 'published'],
    ['an admin', 'admin', 'othersProduct'],
  ] as const)('%s disables and enables the product', async (_who, who, which) => {
    const w = await world()
    const { pId } = w[which]
    const off = await put('disable', pId, w[who].token)
    expect(off.status).toBe(200)
    expect(off.data).toMatchObject({ success: true, message: 'Successfully disabled product.' })
    expect(off.data.data).toMatchObject({ pId, status: 'disabled' })
    expect(statusOf(pId)).toBe('disabled')

    const on = await put('enable', pId, w[who].token)
    expect(on.status).toBe(200)
    expect(on.data).toMatchObject({ success: true, message: 'Successfully enabled product.' })
    expect(on.data.data.status).toBe('published')
    expect(statusOf(pId)).toBe('published')
  })

  test('a pm and another pmm get 404 and nothing changes', async () => {
    const w = await world()
    for (const { token } of [w.pm, w.otherPmm]) {
      const off = await put('disable', w.published.pId, token)
      expect(off.status).toBe(404)
      expect(off.data).toEqual({
        success: false,
        message: `No product found with ID ${w.published.pId}.`,
      })
      const on = await put('enable', w.disabled.pId, token)
      expect(on.status).toBe(404)
    }
    expect(statusOf(w.published.pId)).toBe('published')
    expect(statusOf(w.disabled.pId)).toBe('disabled')
  })

  test('unknown 404, malformed 400, no token 401, wrong method 405', async () => {
    const { token } = await userWithToken('pmm')
    const unknown = await put('enable', 999999, token)
    expect(unknown.status).toBe(404)
    expect(unknown.data.message).toBe('No product found with ID 999999.')
    const bad = await put('disable', 'abc', token)
    expect(bad.status).toBe(400)
    expect(bad.data).toEqual({ success: false, message: 'Please enter number.' })
    expect((await put('enable', 999999)).status).toBe(401)
    const asGet = await call(enableGet, getRequest('/api/v1/product/enable/999999', { token }))
    expect(asGet.status).toBe(405)
    expect(asGet.headers.get('Allow')).toBe('PUT')
    const asPost = await call(enableApi, send('POST', '/api/v1/product/enable/999999', token), {
      pId: '999999',
    })
    expect(asPost.status).toBe(405)
  })
})

describe('PUT /api/v1/product/admin/enable|disable/{pId}', () => {
  test('an admin disables and enables any product, with the uncrossed messages', async () => {
    const w = await world()
    const off = await put('admin/disable', w.published.pId, w.admin.token)
    expect(off.status).toBe(200)
    expect(off.data).toMatchObject({ success: true, message: 'Product Disable successfully.' })
    expect(off.data.data.status).toBe('disabled')
    const on = await put('admin/enable', w.published.pId, w.admin.token)
    expect(on.data).toMatchObject({ success: true, message: 'Product enable successfully.' })
    expect(on.data.data.status).toBe('published')
    expect(statusOf(w.published.pId)).toBe('published')
  })

  test('the owner pmm and a pm get 403 and nothing changes; unknown 404; no token 401', async () => {
    const w = await world()
    for (const { token } of [w.owner, w.pm]) {
      const r = await put('admin/disable', w.published.pId, token)
      expect(r.status).toBe(403)
      expect(r.data).toEqual({ success: false, message: 'You are not allowed to do this.' })
    }
    expect(statusOf(w.published.pId)).toBe('published')
    const unknown = await put('admin/enable', 999999, w.admin.token)
    expect(unknown.status).toBe(404)
    expect((await put('admin/enable', 999999)).status).toBe(401)
    const asGet = await call(adminDisableGet, getRequest('/api/v1/product/admin/disable/1'))
    expect(asGet.status).toBe(405)
  })
})

import { describe, expect, test } from 'vitest'
import { call, getRequest } from '../../../../tests/route'
import { action as catPost, loader as catApi } from './cat'
import { action as marketPost, loader as marketApi } from './market'
import { action as sellerPost, loader as sellerApi } from './chinese.seller'
import { action as statusPost, loader as statusApi } from './status'
import { makeRefs, send, userWithToken } from '../../../../tests/api'
import { addMarket, renameMarket } from '~/models/market.server'
import { unwrap } from '~/core/result'

describe('lookup lists', () => {
  test('categories, markets and Chinese sellers: { data } with string _id and name', async () => {
    const refs = makeRefs()
    const { token } = await userWithToken('pm')
    const cats = await call(catApi, getRequest('/api/v1/cat/', { token }))
    expect(cats.status).toBe(200)
    expect(Object.keys(cats.data)).toEqual(['data'])
    expect(cats.data.data).toContainEqual({
      _id: String(refs.categoryId),
      name: expect.stringMatching(/^Category /),
    })

    const markets = await call(marketApi, getRequest('/api/v1/market/', { token }))
    const market = markets.data.data.find((m: { _id: string }) => m._id === String(refs.marketId))
    expect(market).toEqual({
      _id: String(refs.marketId),
      name: expect.stringMatching(/^Market /),
      shortName: expect.stringMatching(/^M/),
    })

    const sellers = await call(sellerApi, getRequest('/api/v1/chinese/seller/', { token }))
    expect(sellers.data.data).toContainEqual({
      _id: String(refs.chineseSellerId),
      name: expect.stringMatching(/^卖家 /),
    })
  })

  test('GET /market/ shows a market renamed on /all/markets at once (the lookup is remembered)', async () => {
    const { user: admin } = await userWithToken('admin')
    const { token } = await userWithToken('pm')
    const { market } = unwrap(
      addMarket(admin, { name: `Before ${Date.now()}`, shortName: `B${Date.now()}` }),
    )
    const names = async () =>
      (await call(marketApi, getRequest('/api/v1/market/', { token }))).data.data
        .filter((m: { _id: string }) => m._id === String(market.id))
        .map((m: { name: string }) => m.name)
    expect(await names()).toEqual([market.name])
    const name = `After ${Date.now()}`
    unwrap(renameMarket(admin, market.id, name))
    expect(await names()).toEqual([name])
  })

  test('statuses use their fixed text ids as _id and id, in their fixed order', async () => {
    const { token } = await userWithToken('pmm')
    const r = await call(statusApi, getRequest('/api/v1/status/', { token }))
    expect(r.status).toBe(200)
    expect(r.data.data.map((s: { _id: string }) => s._id)).toEqual([
      'ordered',
      'reviewed',
      'cancelled',
      'delivered',
      'refunded',
      'review_deleted',
      'onhold',
      'commission',
      'pending',
    ])
    expect(r.data.data[5]).toEqual({
      _id: 'review_deleted',
      id: 'review_deleted',
      name: 'Review Deleted',
      chosenBy: 'pmm',
    })
  })

  test('each needs a sign-in (401) and answers GET only (405)', async () => {
    const { token } = await userWithToken('admin')
    for (const [loader, action, path] of [
      [catApi, catPost, '/api/v1/cat/'],
      [marketApi, marketPost, '/api/v1/market/'],
      [sellerApi, sellerPost, '/api/v1/chinese/seller/'],
      [statusApi, statusPost, '/api/v1/status/'],
    ] as const) {
      const anonymous = await call(loader, getRequest(path))
      expect(anonymous.status).toBe(401)
      expect(anonymous.data).toEqual({ success: false, message: 'Please sign in first.' })
      expect((await call(loader, getRequest(path, { token }))).status).toBe(200)
      const post = await call(action, send('POST', path, token))
      expect(post.status).toBe(405)
      expect(post.headers.get('Allow')).toBe('GET')
    }
  })
})

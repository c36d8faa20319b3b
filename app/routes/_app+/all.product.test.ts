import { describe, expect, test } from 'vitest'
import { makeProduct, makeUser } from '../../../server/factories'
import type { Role } from '../../../db/schema'
import { PAGE_SIZE } from '~/models/paginate.server'
import { getProductByPid } from '~/models/product.server'
import { makeRefs, sessionCookie } from '../../../tests/api'
import { call, flashedToast, formRequest, getRequest } from '../../../tests/route'
import { action, loader } from './all.product'

async function signedIn(role: Role) {
  const user = await makeUser({ role })
  return { user, cookie: await sessionCookie(user.id) }
}

const load = (cookie: string | undefined, query = '') =>
  call(loader, getRequest(`/all/product${query}`, { cookie }))
const post = (cookie: string, fields: Record<string, string>, query = '') =>
  call(action, formRequest(`/all/product${query}`, fields, cookie))
const pIds = (r: { data: { products: { rows: Array<{ pId: number }> } } }) =>
  r.data.products.rows.map((p) => p.pId)

async function catalog() {
  const refs = makeRefs()
  const owner = await makeUser({ role: 'pmm' })
  const other = await makeUser({ role: 'pmm' })
  const published = await makeProduct(owner, refs)
  const disabled = await makeProduct(other, refs, { status: 'disabled' })
  return { refs, owner, published, disabled }
}

describe('/all/product', () => {
  test('a visitor goes to /login; pm and pmm go to /login and cannot change a product', async () => {
    const { published } = await catalog()
    expect((await load(undefined, '?status=published')).location).toBe(
      '/login?redirectTo=%2Fall%2Fproduct%3Fstatus%3Dpublished',
    )
    for (const role of ['pm', 'pmm'] as const) {
      const { cookie } = await signedIn(role)
      expect((await load(cookie)).location).toBe('/login')
      const r = await post(cookie, { intent: 'disable', pId: String(published.pId) })
      expect([r.status, r.location]).toEqual([302, '/login'])
    }
    expect(getProductByPid(published.pId)?.status).toBe('published')
  })

  test("every manager's products, by market, Product ID and status", async () => {
    const { cookie } = await signedIn('admin')
    const { refs, published, disabled } = await catalog()
    const byMarket = await load(cookie, `?market=${refs.marketId}`)
    expect(byMarket.status).toBe(200)
    expect(pIds(byMarket)).toEqual([disabled.pId, published.pId])
    expect(byMarket.data.products.rows[1]).toMatchObject({
      pId: published.pId,
      status: 'published',
    })
    expect(byMarket.data.markets.some((m: { id: number }) => m.id === refs.marketId)).toBe(true)
    const only = (query: string) => load(cookie, `?market=${refs.marketId}&${query}`).then(pIds)
    expect(await only('status=published')).toEqual([published.pId])
    expect(await only('status=disabled')).toEqual([disabled.pId])
    expect(await only(`productId=${disabled.pId}`)).toEqual([disabled.pId])
    // A bad value is dropped: the whole list shows.
    expect(await only('status=nonsense&productId=12')).toHaveLength(2)
  })

  test('25 a page, with the page in the URL', async () => {
    const { cookie } = await signedIn('admin')
    const refs = makeRefs()
    const owner = await makeUser({ role: 'pmm' })
    for (let i = 0; i < PAGE_SIZE + 2; i++) await makeProduct(owner, refs)
    const first = await load(cookie, `?market=${refs.marketId}`)
    expect(first.data.products).toMatchObject({ total: PAGE_SIZE + 2, page: 1, pageCount: 2 })
    expect(first.data.products.rows).toHaveLength(PAGE_SIZE)
    expect((await load(cookie, `?market=${refs.marketId}&page=2`)).data.products.rows).toHaveLength(
      2,
    )
  })

  test('Disable and Enable: back to the same list with the admin toasts', async () => {
    const { cookie } = await signedIn('admin')
    const { published } = await catalog()
    const pId = String(published.pId)
    const off = await post(cookie, { intent: 'disable', pId }, '?status=published&page=1')
    expect([off.status, off.location]).toEqual([302, '/all/product?status=published&page=1'])
    expect(await flashedToast(off)).toMatchObject({
      type: 'success',
      message: 'Product Disable successfully.',
    })
    expect(getProductByPid(published.pId)?.status).toBe('disabled')
    const on = await post(cookie, { intent: 'enable', pId })
    expect(await flashedToast(on)).toMatchObject({
      type: 'success',
      message: 'Product enable successfully.',
    })
    expect(getProductByPid(published.pId)?.status).toBe('published')
  })

  test('an unknown product is an error toast; an unknown intent a 400', async () => {
    const { cookie } = await signedIn('admin')
    const r = await post(cookie, { intent: 'enable', pId: '999999' })
    expect(await flashedToast(r)).toMatchObject({
      type: 'error',
      message: 'Error enabling product: No product found with ID 999999.',
    })
    const junk = await post(cookie, { intent: 'enable', pId: 'abc' })
    expect(await flashedToast(junk)).toMatchObject({ type: 'error' })
    expect((await post(cookie, { intent: 'setStatus', pId: '123456' })).status).toBe(400)
  })
})

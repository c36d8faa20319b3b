import { eq } from 'drizzle-orm'
import { describe, expect, test, vi } from 'vitest'
import { db } from '../../db/client'
import { listPlaces } from '../../db/schema'
import { MAX_LIST_PLACES, MAX_LIST_QUERY, rememberListQuery } from '~/models/list-place.server'
import { cardLink } from './list-params'
import { startOfBusinessDay } from '~/core/business-day.server'
import { signedIn } from '../../tests/api'
import { toastHeader } from './toast.server'
import { call, getRequest } from '../../tests/route'
import { loader as allOrders } from '~/routes/_app+/all.order'
import { loader as orders } from '~/routes/_app+/orders._index/route'
import { loader as allPm } from '~/routes/_app+/all.$scope'

const open = async (loader: Parameters<typeof call>[0], path: string, cookie: string) => {
  const r = await call(
    loader,
    getRequest(path, { cookie }),
    path.startsWith('/all/pm') ? { scope: 'pm' } : {},
  )
  return { status: r.status, location: r.location }
}

describe('a list remembers its place per user, on the server', () => {
  test('opened without a query, a list goes back to its last filters, sort and page', async () => {
    const { cookie } = await signedIn('admin')
    const place = '/all/order?status=pending&sort=commission&dir=asc&page=2'
    expect(await open(allOrders, place, cookie)).toEqual({ status: 200, location: null })
    expect(await open(allOrders, '/all/order', cookie)).toEqual({ status: 302, location: place })
    // Another admin's list opens as it first does.
    const other = await signedIn('admin')
    expect(await open(allOrders, '/all/order', other.cookie)).toEqual({
      status: 200,
      location: null,
    })
  })

  test('a search term expires from the remembered place once its day has ended; filters and sort stay', async () => {
    const { cookie, user } = await signedIn('admin')
    const place = '/all/order?status=pending&orderNumber=113&sort=commission&dir=asc&page=2'
    await open(allOrders, place, cookie)
    // The same day: the whole place comes back.
    expect(await open(allOrders, '/all/order', cookie)).toEqual({ status: 302, location: place })
    // Remembered yesterday: the order number (and the page it was on) is gone.
    const yesterday = new Date(startOfBusinessDay().getTime() - 60_000)
    db.update(listPlaces).set({ updatedAt: yesterday }).where(eq(listPlaces.userId, user.id)).run()
    const kept = '/all/order?status=pending&sort=commission&dir=asc'
    expect(await open(allOrders, '/all/order', cookie)).toEqual({ status: 302, location: kept })
    expect(await open(allOrders, '/all/order', cookie)).toEqual({ status: 302, location: kept })
    // A place of filters alone stays whatever its age.
    db.update(listPlaces).set({ updatedAt: yesterday }).where(eq(listPlaces.userId, user.id)).run()
    expect(await open(allOrders, '/all/order', cookie)).toEqual({ status: 302, location: kept })
  })

  test('a place that was only a search term, remembered yesterday, opens the list as it first does', async () => {
    const { cookie, user } = await signedIn('pmm')
    await open(orders, '/orders?orderNumber=123', cookie)
    db.update(listPlaces)
      .set({ updatedAt: new Date(startOfBusinessDay().getTime() - 1000) })
      .where(eq(listPlaces.userId, user.id))
      .run()
    expect(await open(orders, '/orders', cookie)).toEqual({ status: 200, location: null })
    expect(db.select().from(listPlaces).where(eq(listPlaces.userId, user.id)).all()).toEqual([])
  })

  test("'Clear filters' (?clear=1) forgets the place: the bare list opens as it first does", async () => {
    const { cookie } = await signedIn('admin')
    await open(allOrders, '/all/order?orderNumber=113&sort=status&dir=desc', cookie)
    expect(await open(allOrders, '/all/order?clear=1', cookie)).toEqual({
      status: 302,
      location: '/all/order',
    })
    expect(await open(allOrders, '/all/order', cookie)).toEqual({ status: 200, location: null })
  })

  test('after a write, the bare list with its toast shows as it opens (the redirect would lose the toast)', async () => {
    const { cookie } = await signedIn('admin')
    await open(allOrders, '/all/order?status=pending', cookie)
    const toast = (await toastHeader('success', 'Status updated successfully.')).split(';')[0]
    expect(await open(allOrders, '/all/order', `${cookie}; ${toast}`)).toEqual({
      status: 200,
      location: null,
    })
    expect(await open(allOrders, '/all/order', cookie)).toMatchObject({ status: 302 })
  })

  test('page 1 without filters is where a list opens: nothing is remembered', async () => {
    const { cookie } = await signedIn('admin')
    await open(allOrders, '/all/order?page=3', cookie)
    await open(allOrders, '/all/order?page=1', cookie)
    expect(await open(allOrders, '/all/order', cookie)).toEqual({ status: 200, location: null })
  })

  test("only the list's own parameters are kept; a URL of other ones (a confirm step) leaves the place", async () => {
    const { cookie } = await signedIn('admin')
    await open(allPm, '/all/pm?name=ali&sort=name&dir=desc&password=x', cookie)
    await open(allPm, '/all/pm?disable=99999', cookie)
    expect(await open(allPm, '/all/pm', cookie)).toEqual({
      status: 302,
      location: '/all/pm?name=ali&sort=name&dir=desc',
    })
  })

  test("the Orders screen remembers its ORDERS tab's list, not the Add tab", async () => {
    const { cookie } = await signedIn('pm')
    await open(orders, '/orders?tab=orders&customerEmail=buyer', cookie)
    expect(await open(orders, '/orders?tab=add', cookie)).toEqual({ status: 200, location: null })
    expect(await open(orders, '/orders', cookie)).toEqual({
      status: 302,
      location: '/orders?customerEmail=buyer',
    })
  })
})

describe('a place is the list’s, whatever spells its path, and only the user’s own pages set it', () => {
  const places = (userId: number) =>
    db.select().from(listPlaces).where(eq(listPlaces.userId, userId)).all()

  test('/ORDERS, /orders// and /%6Frders are the one list /orders: one row, however many spellings', async () => {
    const { user, cookie } = await signedIn('pm')
    for (const [i, path] of [
      '/ORDERS',
      '/orders//',
      '/%6Frders',
      '/Orders/',
      '/orders',
    ].entries()) {
      await open(orders, `${path}?customerEmail=b${i}`, cookie)
    }
    expect(places(user.id)).toEqual([
      expect.objectContaining({ list: '/orders', query: 'customerEmail=b4' }),
    ])
    // The bare list, in any spelling, goes back to that place, at the path it was asked by.
    expect(await open(orders, '/ORDERS', cookie)).toEqual({
      status: 302,
      location: '/ORDERS?customerEmail=b4',
    })
  })

  test('a link on another site does not rewrite the remembered filters; a typed address does', async () => {
    const { user, cookie } = await signedIn('admin')
    await open(allOrders, '/all/order?status=pending', cookie)
    const from = (site: string, path: string) =>
      call(
        allOrders,
        new Request(`http://localhost${path}`, {
          headers: { Cookie: cookie, 'Sec-Fetch-Site': site },
        }),
      )
    expect((await from('cross-site', '/all/order?status=cancelled')).status).toBe(200)
    expect((await from('same-site', '/all/order?clear=1')).status).toBe(302)
    expect(places(user.id)).toEqual([expect.objectContaining({ query: 'status=pending' })])
    await from('none', '/all/order?status=ordered')
    expect(places(user.id)).toEqual([expect.objectContaining({ query: 'status=ordered' })])
  })

  test(`a user keeps at most ${MAX_LIST_PLACES} places, and no query longer than ${MAX_LIST_QUERY} characters`, async () => {
    const { user } = await signedIn('pm')
    for (let i = 0; i < MAX_LIST_PLACES + 8; i++) rememberListQuery(user.id, `/list${i}`, `q=${i}`)
    const kept = places(user.id)
    expect(kept).toHaveLength(MAX_LIST_PLACES)
    expect(kept.map((p) => p.list)).toContain(`/list${MAX_LIST_PLACES + 7}`)
    rememberListQuery(user.id, '/list0', `q=${'x'.repeat(MAX_LIST_QUERY)}`)
    expect(places(user.id).find((p) => p.list === '/list0')).toBeUndefined()
  })

  test('a place used again is the newest: the oldest other one goes when a new list is opened', async () => {
    const { user } = await signedIn('pm')
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T10:00:00Z') })
    try {
      for (let i = 0; i < MAX_LIST_PLACES; i++) {
        vi.advanceTimersByTime(1000)
        rememberListQuery(user.id, `/list${i}`, `q=${i}`)
      }
      vi.advanceTimersByTime(1000)
      rememberListQuery(user.id, '/list0', 'q=again')
      vi.advanceTimersByTime(1000)
      rememberListQuery(user.id, '/new', 'q=new')
    } finally {
      vi.useRealTimers()
    }
    const kept = places(user.id)
    expect(kept).toHaveLength(MAX_LIST_PLACES)
    expect(kept.find((p) => p.list === '/list0')?.query).toBe('q=again')
    expect(kept.find((p) => p.list === '/new')?.query).toBe('q=new')
    expect(kept.find((p) => p.list === '/list1')).toBeUndefined()
  })
})

describe("a dashboard card's view of a list", () => {
  test('shows the card’s filter and leaves the remembered place as it was', async () => {
    const { cookie } = await signedIn('pm')
    await open(orders, '/orders?customerEmail=mine&sort=updatedAt&dir=asc', cookie)
    expect(await open(orders, cardLink('/orders?status=cancelled'), cookie)).toEqual({
      status: 200,
      location: null,
    })
    expect(await open(orders, '/orders', cookie)).toEqual({
      status: 302,
      location: '/orders?customerEmail=mine&sort=updatedAt&dir=asc',
    })
    // A card without a filter (Total Orders) shows the whole list, not the remembered place.
    expect(await open(orders, cardLink('/orders'), cookie)).toEqual({ status: 200, location: null })
  })
})

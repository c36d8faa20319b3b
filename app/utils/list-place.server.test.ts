import { describe, expect, test } from 'vitest'
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

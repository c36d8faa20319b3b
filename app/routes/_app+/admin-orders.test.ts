import { describe, expect, test } from 'vitest'
import { changeOrderStatus } from '~/models/order.server'
import { unwrap } from '~/core/result'
import { signedIn } from '../../../tests/api'
import { orderWorld, placeOrder } from '../../../tests/orders'
import { call, getRequest } from '../../../tests/route'
import { loader as allOrders } from './all.order'
import { loader as completedOrders } from './order.completed'

/** Two orders of one pm on one pmm's product, the second set to Commission. */
async function twoOrders() {
  const w = await orderWorld()
  const tag = `ADM-${Math.random().toString(36).slice(2, 8)}`
  const made = [
    await placeOrder(w, { orderNumber: `${tag}-1` }),
    await placeOrder(w, { orderNumber: `${tag}-2` }),
  ]
  unwrap(changeOrderStatus(w.pmm.user, made[1]!.id, 'commission'))
  return { pmm: w.pmm.user, pm: w.pm.user, tag, made }
}

describe('/all/order and /order/completed', () => {
  test('an admin sees every order with its manager; /order/completed only Commission', async () => {
    const w = await twoOrders()
    const admin = await signedIn('admin')
    const all = await call(allOrders, getRequest(`/all/order?orderNumber=${w.tag}`, admin))
    expect(all.data.orders.total).toBe(2)
    expect(all.data.orders.rows[0]).toMatchObject({
      managerName: w.pmm.name,
      marketerName: w.pm.name,
    })
    const cancelled = await call(
      allOrders,
      getRequest(`/all/order?orderNumber=${w.tag}&status=commission`, admin),
    )
    expect(cancelled.data.orders.rows.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([
      `${w.tag}-2`,
    ])
    const completed = await call(
      completedOrders,
      getRequest(`/order/completed?orderNumber=${w.tag}`, admin),
    )
    expect(completed.data.orders.rows.map((o: { status: string }) => o.status)).toEqual([
      'Commission',
    ])
  })

  test('anyone but an admin is sent to /login', async () => {
    for (const role of ['pm', 'pmm'] as const) {
      const { cookie } = await signedIn(role)
      for (const [loader, path] of [
        [allOrders, '/all/order'],
        [completedOrders, '/order/completed'],
      ] as const) {
        const r = await call(loader, getRequest(path, { cookie }))
        expect(r.status).toBe(302)
        expect(r.location).toBe('/login')
      }
    }
  })
})

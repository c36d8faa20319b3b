import { describe, expect, test } from 'vitest'
import { makePictureBytes, makeProduct, makeUser } from '../../../db/factories'
import type { Role } from '../../../db/schema'
import { insertCategory, insertChineseSeller, insertMarket } from '~/models/lookup.server'
import { changeOrderStatus, createOrder } from '~/models/order.server'
import { reserveProduct } from '~/models/reservation.server'
import { unwrap } from '~/models/result'
import { sessionCookie } from '../../../tests/api'
import { call, getRequest } from '../../../tests/route'
import { loader as allOrders } from './all.order'
import { loader as completedOrders } from './order.completed'

const uid = () => Math.random().toString(36).slice(2, 8)

async function signedIn(role: Role) {
  const user = await makeUser({ role })
  return { user, cookie: await sessionCookie(user.id) }
}

/** Two orders of one pm on one pmm's product, the second set to Commission. */
async function twoOrders() {
  const refs = {
    marketId: insertMarket(`Market ${uid()}`, `M${uid()}`).id,
    categoryId: insertCategory(`Cat ${uid()}`).id,
    chineseSellerId: insertChineseSeller(`Seller ${uid()}`).id,
  }
  const pmm = await makeUser({ role: 'pmm' })
  const pm = await makeUser({ role: 'pm' })
  const product = await makeProduct(pmm, refs)
  const tag = `ADM-${uid()}`
  const made = []
  for (const i of [1, 2]) {
    unwrap(reserveProduct(pm, product.pId))
    const { order } = unwrap(
      await createOrder(pm, {
        orderNumber: `${tag}-${i}`,
        market: refs.marketId,
        pId: product.pId,
        paypal: `b${i}@example.test`,
        orderScreenshot: new File([new Uint8Array(await makePictureBytes(i, 48))], 'o.png', {
          type: 'image/png',
        }),
        buyerContact: '',
        remark: '',
      }),
    )
    made.push(order)
  }
  unwrap(changeOrderStatus(pmm, made[1]!.id, 'commission'))
  return { pmm, pm, tag, made }
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

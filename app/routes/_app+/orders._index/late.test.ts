import { describe, expect, test } from 'vitest'
import { makeProduct } from '../../../../server/factories'
import { ORDER_MESSAGES } from '~/models/order.server'
import { releaseReservation, reserveProduct } from '~/models/reservation.server'
import { unwrap } from '~/core/result'
import { businessDateTime } from '~/core/business-day.server'
import { makeRefs, signedIn } from '../../../../tests/api'
import { expiredThenAfter, tooLongAgo } from '../../../../tests/late-orders'
import { pngFile } from '../../../../tests/orders'
import {
  call,
  expectRedirectWithToast,
  fieldErrors,
  getRequest,
  multipartRequest,
} from '../../../../tests/route'
import { action, loader } from './route'

const uid = () => Math.random().toString(36).slice(2, 8)

async function world() {
  const refs = makeRefs()
  const pmm = await signedIn('pmm')
  const pm = await signedIn('pm')
  const product = (brandName: string) =>
    makeProduct(pmm.user, refs, { brandName, limitPerDay: 5, limit: 50 })
  return { refs, pmm, pm, product }
}

async function orderForm(marketId: number, pId: number) {
  const form = new FormData()
  form.set('intent', 'create')
  form.set('orderNumber', `115-${uid()}`)
  form.set('market', String(marketId))
  form.set('pId', String(pId))
  form.set('paypal', `buyer-${uid()}@example.test`)
  form.set('orderScreenshot', await pngFile(9))
  return form
}

describe('/orders?tab=add: late orders', () => {
  test('lists the reservations that expired less than 24 hours ago, with the time they may be recorded until', async () => {
    const w = await world()
    const [late, old, released, active] = await Promise.all(
      ['Late brand', 'Old brand', 'Released brand', 'Active brand'].map(w.product),
    )
    const { expired } = expiredThenAfter()
    unwrap(reserveProduct(w.pm.user, late!.pId, expired))
    unwrap(reserveProduct(w.pm.user, old!.pId, tooLongAgo()))
    unwrap(reserveProduct(w.pm.user, released!.pId, expired))
    unwrap(
      releaseReservation(w.pm.user, { pId: released!.pId }, new Date(expired.getTime() + 60_000)),
    )
    unwrap(reserveProduct(w.pm.user, active!.pId))
    const r = await call(loader, getRequest('/orders?tab=add', { cookie: w.pm.cookie }))
    expect(r.data.lateReservations).toEqual([
      {
        pId: late!.pId,
        brandName: 'Late brand',
        recordUntil: businessDateTime(new Date(expired.getTime() + 25 * 60 * 60_000)),
        // Minutes left to record it: up to the end of its 24 hours, read when the page loaded.
        minutesLeft: expect.any(Number),
      },
    ])
    const [{ minutesLeft }] = r.data.lateReservations
    const left = Math.floor((expired.getTime() + 25 * 60 * 60_000 - Date.now()) / 60_000)
    expect(minutesLeft).toBeGreaterThanOrEqual(left - 1)
    expect(minutesLeft).toBeLessThanOrEqual(left + 1)
  })

  test('an order from one is created; after 24 hours the Product ID says why not', async () => {
    const w = await world()
    const [late, old] = await Promise.all(['Late brand', 'Old brand'].map(w.product))
    unwrap(reserveProduct(w.pm.user, late!.pId, expiredThenAfter().expired))
    unwrap(reserveProduct(w.pm.user, old!.pId, tooLongAgo()))
    const created = await call(
      action,
      multipartRequest('/orders?tab=add', await orderForm(w.refs.marketId, late!.pId), w.pm.cookie),
    )
    expect(created.location).toMatch(/^\/orders#order-\d+$/)
    await expectRedirectWithToast(created, created.location!, {
      type: 'success',
      message: 'Order created successfully.',
    })
    const refused = await call(
      action,
      multipartRequest('/orders?tab=add', await orderForm(w.refs.marketId, old!.pId), w.pm.cookie),
    )
    expect(refused.status).toBe(409)
    expect(fieldErrors(refused).pId).toEqual([ORDER_MESSAGES.lateTooLate(old!.pId)])
  })
})

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { db } from '../../../../db/client'
import { makeProduct } from '../../../../server/factories'
import { orders } from '../../../../db/schema'
import { ORDER_MESSAGES } from '~/models/order.server'
import { releaseReservation, reserveProduct } from '~/models/reservation.server'
import { unwrap } from '~/core/result'
import { businessDate } from '~/core/business-day.server'
import { makeRefs, send, userWithToken } from '../../../../tests/api'
import { expiredThenAfter, tooLongAgo } from '../../../../tests/late-orders'
import { pngFile } from '../../../../tests/orders'
import { call } from '../../../../tests/route'
import { action as orderApi } from './order._index'

let n = 0
async function world(limits = { limitPerDay: 5, limit: 50 }) {
  const refs = makeRefs()
  const [owner, pm, otherPm] = await Promise.all([
    userWithToken('pmm'),
    userWithToken('pm'),
    userWithToken('pm'),
  ])
  const product = await makeProduct(owner.user, refs, limits)
  const post = async (token = pm.token) => {
    const form = new FormData()
    n += 1
    const fields = {
      orderNumber: `LATE-${Date.now()}-${n}`,
      market: String(refs.marketId),
      pId: String(product.pId),
      paypal: 'buyer@example.test',
    }
    for (const [k, v] of Object.entries(fields)) form.set(k, v)
    form.set('orderScreenshot', await pngFile(400 + n))
    return call(orderApi, send('POST', '/api/v1/order/', token, { body: form }))
  }
  const orderCount = () =>
    db.select().from(orders).where(eq(orders.productId, product.id)).all().length
  return { refs, owner, pm, otherPm, product, post, orderCount }
}

const refusal = (message: string) => ({ success: false, message })

// The business day turns at midnight: each case also runs just after it, when the reservation's
// day is yesterday, and at noon (the business time zone of the tests is UTC).
const today = new Date().toISOString().slice(0, 10)
const clocks = [
  ['the real clock', null],
  ['00:14', new Date(`${today}T00:14:00Z`)],
  ['01:30', new Date(`${today}T01:30:00Z`)],
  ['12:00', new Date(`${today}T12:00:00Z`)],
] as const

describe.each(clocks)('POST /api/v1/order/ from a reservation that expired, at %s', (_, clock) => {
  beforeAll(() => {
    if (!clock) return
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(clock)
  })
  afterAll(() => {
    vi.useRealTimers()
  })

  test('less than 24 hours ago, with a unit left: 201, and a second order from it is refused', async () => {
    const w = await world()
    unwrap(reserveProduct(w.pm.user, w.product.pId, expiredThenAfter().expired))
    const r = await w.post()
    expect(r.status).toBe(201)
    expect(r.data).toMatchObject({ success: true, message: 'Order created successfully.' })
    const again = await w.post()
    expect(again.status).toBe(409)
    expect(again.data).toMatchObject(refusal(ORDER_MESSAGES.noReservation(w.product.pId)))
    expect(w.orderCount()).toBe(1)
  })

  test('more than 24 hours ago: 409 saying so', async () => {
    const w = await world()
    unwrap(reserveProduct(w.pm.user, w.product.pId, tooLongAgo()))
    const r = await w.post()
    expect(r.status).toBe(409)
    expect(r.data).toMatchObject(refusal(ORDER_MESSAGES.lateTooLate(w.product.pId)))
    expect(w.orderCount()).toBe(0)
  })

  test('no unit left on its day: 409 naming the day', async () => {
    const w = await world({ limitPerDay: 1, limit: 50 })
    const { expired, after } = expiredThenAfter()
    unwrap(reserveProduct(w.pm.user, w.product.pId, expired))
    // Once it expired, another pm took that day's only unit and recorded its order (late too when
    // that day is already over: shortly after midnight both reservations lie in yesterday).
    unwrap(reserveProduct(w.otherPm.user, w.product.pId, after))
    expect((await w.post(w.otherPm.token)).status).toBe(201)
    const r = await w.post()
    expect(r.status).toBe(409)
    expect(r.data).toMatchObject(
      refusal(ORDER_MESSAGES.lateDayFull(w.product.pId, businessDate(expired))),
    )
    expect(w.orderCount()).toBe(1)
  })

  test('released by its pm (not expired): refused as before', async () => {
    const w = await world()
    const { expired } = expiredThenAfter()
    unwrap(reserveProduct(w.pm.user, w.product.pId, expired))
    unwrap(
      releaseReservation(w.pm.user, { pId: w.product.pId }, new Date(expired.getTime() + 60_000)),
    )
    const r = await w.post()
    expect(r.status).toBe(409)
    expect(r.data).toMatchObject(refusal(ORDER_MESSAGES.noReservation(w.product.pId)))
  })
})

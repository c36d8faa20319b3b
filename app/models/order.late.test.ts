import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '../../db/client'
import { makePictureBytes, makeProduct, makeUser } from '../../server/factories'
import { orders, products, reservations } from '../../db/schema'
import { addDays, businessDate, businessDayStart } from '~/core/business-day.server'
import type { NewOrderInput } from '~/validation/order'
import { insertCategory, insertChineseSeller, insertMarket } from './lookup.server'
import { createOrder, ORDER_MESSAGES } from './order.server'
import { releaseReservation, RESERVE_MESSAGES, reserveProduct } from './reservation.server'
import { unwrap } from '~/core/result'
import { uid } from '../../tests/unique'

const HOUR = 60 * 60_000

/** A business day (D) three days ago: `at(h)` is h hours after its start (h past 24: the next days). */
const day = addDays(businessDate(), -3)
const at = (hours: number) => new Date(businessDayStart(day).getTime() + hours * HOUR)

/** Refused as a conflict, with `message` under the product id (the order form's field). */
const expectRefused = (result: unknown, message: string) =>
  expect(result).toMatchObject({ ok: false, code: 'conflict', fieldErrors: { pId: [message] } })

async function world(limits: { limitPerDay: number; limit: number }) {
  const refs = {
    marketId: insertMarket(`Market ${uid()}`, `M${uid()}`).id,
    categoryId: insertCategory(`Cat ${uid()}`).id,
    chineseSellerId: insertChineseSeller(`卖家 ${uid()}`).id,
  }
  const [pmm, pm, otherPm] = await Promise.all([
    makeUser({ role: 'pmm' }),
    makeUser({ role: 'pm' }),
    makeUser({ role: 'pm' }),
  ])
  const product = await makeProduct(pmm, refs, limits)
  const input = async (): Promise<NewOrderInput> => ({
    orderNumber: `L-${uid()}`,
    market: refs.marketId,
    pId: product.pId,
    paypal: `buyer-${uid()}@example.test`,
    orderScreenshot: new File([new Uint8Array(await makePictureBytes(3, 48))], 'o.png', {
      type: 'image/png',
    }),
    buyerContact: '',
    remark: '',
  })
  const ordersOf = () => db.select().from(orders).where(eq(orders.productId, product.id)).all()
  // The pm (or `by`) reserves the product, or records an order on it, at `when`.
  const reserve = (when: Date, by = pm) => reserveProduct(by, product.pId, when)
  const order = async (when: Date, by = pm) => createOrder(by, await input(), when)
  return { pmm, pm, otherPm, product, ordersOf, reserve, order }
}

describe('a late order: the reservation expired less than 24 hours ago', () => {
  test('with a unit left on the reservation’s day it is created and takes that unit', async () => {
    const w = await world({ limitPerDay: 1, limit: 5 })
    // D 10:00 to 11:00.
    const { reservationId } = unwrap(w.reserve(at(10)))
    // The next day's only unit is held by someone else: the late order uses D's.
    unwrap(w.reserve(at(24 + 8), w.otherPm))
    const created = unwrap(await w.order(at(24 + 9)))
    expect(created.message).toBe(ORDER_MESSAGES.created)
    expect(created.order).toMatchObject({ userId: w.pm.id, statusId: 'ordered' })
    const reservation = db
      .select()
      .from(reservations)
      .where(eq(reservations.id, reservationId))
      .get()
    expect(reservation?.status).toBe('ordered')
    // D's unit is taken again: nobody else reserves on D after it (had it been D+1's, D stays free).
    const third = await makeUser({ role: 'pm' })
    expect(w.reserve(at(23), third)).toMatchObject({
      ok: false,
      message: RESERVE_MESSAGES.todayFull,
    })
  })

  test('a second order from the same reservation is refused', async () => {
    const w = await world({ limitPerDay: 5, limit: 5 })
    unwrap(w.reserve(at(10)))
    unwrap(await w.order(at(12)))
    expectRefused(await w.order(at(13)), ORDER_MESSAGES.noReservation(w.product.pId))
    expect(w.ordersOf()).toHaveLength(1)
  })

  test('24 hours after it expired it is refused, saying so', async () => {
    const w = await world({ limitPerDay: 5, limit: 5 })
    unwrap(w.reserve(at(10)))
    // Expired at D 11:00: D+1 10:59 is still in time, D+1 11:00 is not.
    expectRefused(await w.order(at(24 + 11)), ORDER_MESSAGES.lateTooLate(w.product.pId))
    expect(ORDER_MESSAGES.lateTooLate(w.product.pId)).toBe(
      `Your reservation for product ${w.product.pId} expired more than 24 hours ago, so its order can no longer be recorded. Reserve the product again to record a new order.`,
    )
    expect(w.ordersOf()).toHaveLength(0)
    expect((await w.order(at(24 + 10.98))).ok).toBe(true)
  })

  test('without a unit left on the reservation’s day it is refused, naming the day', async () => {
    const w = await world({ limitPerDay: 1, limit: 5 })
    unwrap(w.reserve(at(10)))
    // Once it expired, another pm took D's only unit and made the order.
    unwrap(w.reserve(at(11.5), w.otherPm))
    unwrap(await w.order(at(11.6), w.otherPm))
    // The next day has units, but the order belongs to D.
    expectRefused(await w.order(at(24 + 9)), ORDER_MESSAGES.lateDayFull(w.product.pId, day))
    expect(ORDER_MESSAGES.lateDayFull(w.product.pId, day)).toBe(
      `Product ${w.product.pId} has no unit left for ${day}, the day of your reservation (its daily sale limit is reached), so this late order cannot be recorded.`,
    )
    expect(w.ordersOf()).toHaveLength(1)
  })

  test('without a unit left overall it is refused, naming the overall limit', async () => {
    const w = await world({ limitPerDay: 5, limit: 1 })
    unwrap(w.reserve(at(10)))
    unwrap(w.reserve(at(11.5), w.otherPm))
    expectRefused(await w.order(at(12)), ORDER_MESSAGES.lateTotalFull(w.product.pId))
    expect(ORDER_MESSAGES.lateTotalFull(w.product.pId)).toBe(
      `Product ${w.product.pId} has reached its overall sale limit, so this late order cannot be recorded.`,
    )
    expect(w.ordersOf()).toHaveLength(0)
  })

  test('a product no longer published is refused, saying so', async () => {
    const w = await world({ limitPerDay: 5, limit: 5 })
    unwrap(w.reserve(at(10)))
    db.update(products).set({ status: 'disabled' }).where(eq(products.id, w.product.id)).run()
    expectRefused(await w.order(at(12)), ORDER_MESSAGES.lateDisabled(w.product.pId))
    expect(ORDER_MESSAGES.lateDisabled(w.product.pId)).toBe(
      `Product ${w.product.pId} is disabled, so this late order cannot be recorded.`,
    )
  })

  test('a reservation its pm released is not a late order: refused as before', async () => {
    const w = await world({ limitPerDay: 5, limit: 5 })
    unwrap(w.reserve(at(10)))
    unwrap(releaseReservation(w.pm, { pId: w.product.pId }, at(10.2)))
    for (const when of [at(10.5), at(12)]) {
      expectRefused(await w.order(when), ORDER_MESSAGES.noReservation(w.product.pId))
    }
    expect(w.ordersOf()).toHaveLength(0)
  })

  test('another pm’s expired reservation is not this pm’s', async () => {
    const w = await world({ limitPerDay: 5, limit: 5 })
    unwrap(w.reserve(at(10), w.otherPm))
    expectRefused(await w.order(at(12)), ORDER_MESSAGES.noReservation(w.product.pId))
  })
})

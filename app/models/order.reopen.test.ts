import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '../../db/client'
import { orderStatusHistory, orders } from '../../db/schema'
import { makeOrder, makeProduct, makeUser } from '../../server/factories'
import { addDays, businessDate, businessDayStart } from '~/core/business-day.server'
import { unwrap } from '~/core/result'
import { makeRefs } from '../../tests/api'
import { changeOrderStatus, ORDER_MESSAGES, updateOrder } from './order.server'
import { setProductStatus } from './product.server'
import { RESERVE_MESSAGES, reserveProduct } from './reservation.server'

// A Cancelled order holds no unit: leaving Cancelled takes one again, under the limits of the
// order's own business day, whoever changes it and through whichever form.
const HOUR = 60 * 60_000
const day = addDays(businessDate(), -2)
const at = (hours: number) => new Date(businessDayStart(day).getTime() + hours * HOUR)

async function world(limits: { limitPerDay: number; limit: number }) {
  const [pmm, pm, otherPm, admin] = await Promise.all([
    makeUser({ role: 'pmm' }),
    makeUser({ role: 'pm' }),
    makeUser({ role: 'pm' }),
    makeUser({ role: 'admin' }),
  ])
  const product = await makeProduct(pmm, makeRefs(), limits)
  const order = (hours: number, statusId = 'ordered', user = pm) =>
    makeOrder({ product, user, statusId, createdAt: at(hours) })
  const statusOf = (id: number) =>
    db.select({ s: orders.statusId }).from(orders).where(eq(orders.id, id)).get()?.s
  const history = (id: number) =>
    db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id)).all().length
  return { pmm, pm, otherPm, admin, product, order, statusOf, history }
}

const refused = (message: string) => ({
  ok: false,
  code: 'conflict',
  message,
  fieldErrors: { status: [message] },
})

describe('an order leaving Cancelled', () => {
  test('is refused when the overall limit is used, by the pm, the pmm and the admin alike', async () => {
    const w = await world({ limitPerDay: 1, limit: 1 })
    const cancelled = w.order(10, 'cancelled')
    // The cancelled order freed the only unit; another order took it.
    w.order(11)
    const message = ORDER_MESSAGES.reopenTotalFull(w.product.pId)
    expect(message).toBe(
      `Product ${w.product.pId} has reached its overall sale limit, so this order cannot leave Cancelled.`,
    )
    expect(changeOrderStatus(w.pm, cancelled.id, 'ordered', at(12))).toMatchObject(refused(message))
    expect(changeOrderStatus(w.pmm, cancelled.id, 'delivered', at(12))).toMatchObject(
      refused(message),
    )
    expect(changeOrderStatus(w.admin, cancelled.id, 'commission', at(12))).toMatchObject(
      refused(message),
    )
    const edit = {
      orderNumber: 'REOPEN-1',
      customerEmail: 'buyer@example.test',
      facebookIdentity: '',
      market: w.product.marketId,
      remark: 'changed',
      status: 'reviewed',
    }
    expect(updateOrder(w.pm, cancelled.id, edit, at(12))).toMatchObject(refused(message))
    // Nothing changed: not the status, not the other fields, no history.
    const row = db.select().from(orders).where(eq(orders.id, cancelled.id)).get()
    expect(row).toMatchObject({ statusId: 'cancelled', remark: '' })
    expect(w.history(cancelled.id)).toBe(1)
    // Between two states that hold no unit, and within Cancelled's neighbours, nothing is asked.
    expect(changeOrderStatus(w.pm, cancelled.id, 'cancelled', at(12)).ok).toBe(true)
  })

  test("is refused when the order's own day is full, naming that day, though today has units", async () => {
    const w = await world({ limitPerDay: 1, limit: 10 })
    const cancelled = w.order(10, 'cancelled')
    w.order(11, 'ordered', w.otherPm)
    const message = ORDER_MESSAGES.reopenDayFull(w.product.pId, day)
    expect(message).toBe(
      `Product ${w.product.pId} has no unit left for ${day}, the day of this order (its daily sale limit is reached), so this order cannot leave Cancelled.`,
    )
    expect(changeOrderStatus(w.pm, cancelled.id, 'ordered')).toMatchObject(refused(message))
    expect(w.statusOf(cancelled.id)).toBe('cancelled')
  })

  test('is refused on a disabled product', async () => {
    const w = await world({ limitPerDay: 5, limit: 10 })
    const cancelled = w.order(10, 'cancelled')
    unwrap(setProductStatus(w.admin, w.product.pId, 'disabled'))
    expect(changeOrderStatus(w.admin, cancelled.id, 'commission')).toMatchObject(
      refused(ORDER_MESSAGES.reopenDisabled(w.product.pId)),
    )
  })

  test('with a unit free it takes it: the day counts it again', async () => {
    const w = await world({ limitPerDay: 2, limit: 10 })
    const today = new Date()
    const first = makeOrder({ product: w.product, user: w.pm, statusId: 'cancelled' })
    makeOrder({ product: w.product, user: w.pm })
    expect(changeOrderStatus(w.pmm, first.id, 'delivered', today)).toMatchObject({
      ok: true,
      message: ORDER_MESSAGES.statusUpdated,
    })
    expect(w.statusOf(first.id)).toBe('delivered')
    expect(w.history(first.id)).toBe(2)
    // Both of today's units are taken now.
    expect(reserveProduct(w.otherPm, w.product.pId, today)).toMatchObject({
      ok: false,
      message: RESERVE_MESSAGES.todayFull,
    })
  })

  test('two orders of one unit leave Cancelled one at a time: the second is refused', async () => {
    const w = await world({ limitPerDay: 1, limit: 1 })
    const a = w.order(10, 'cancelled')
    const b = w.order(11, 'cancelled', w.otherPm)
    expect(changeOrderStatus(w.pm, a.id, 'ordered', at(12)).ok).toBe(true)
    expect(changeOrderStatus(w.otherPm, b.id, 'ordered', at(12))).toMatchObject(
      refused(ORDER_MESSAGES.reopenTotalFull(w.product.pId)),
    )
  })
})

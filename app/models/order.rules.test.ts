import { parseWithZod } from '@conform-to/zod'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '../../db/client'
import { makePictureBytes, makeProduct, makeUser } from '../../server/factories'
import { orders, reservations, scammerPaypals } from '../../db/schema'
import { NewOrderSchema, ORDER_FIELD_MESSAGES, type NewOrderInput } from '~/validation/order'
import { insertCategory, insertChineseSeller, insertMarket } from './lookup.server'
import {
  changeOrderStatus,
  createOrder,
  getOrder,
  listOrders,
  ORDER_MESSAGES,
  setOrderPicture,
  statusHistory,
  updateOrder,
} from './order.server'
import { PICTURE_INVALID_MESSAGE } from './picture.server'
import { getProductView } from './product.server'
import { reserveProduct } from './reservation.server'
import { unwrap } from '~/core/result'
import { SCAMMER_BLOCKED_MESSAGE } from './scammer.server'
import { uid } from '../../tests/unique'

async function world(limits: { limitPerDay?: number; limit?: number } = {}) {
  const refs = {
    marketId: insertMarket(`Market ${uid()}`, `M${uid()}`).id,
    categoryId: insertCategory(`Cat ${uid()}`).id,
    chineseSellerId: insertChineseSeller(`卖家 ${uid()}`).id,
  }
  const [pmm, otherPmm, pm, otherPm, admin] = await Promise.all([
    makeUser({ role: 'pmm' }),
    makeUser({ role: 'pmm' }),
    makeUser({ role: 'pm' }),
    makeUser({ role: 'pm' }),
    makeUser({ role: 'admin' }),
  ])
  const product = await makeProduct(pmm, refs, { commission: 1234, ...limits })
  return { refs, pmm, otherPmm, pm, otherPm, admin, product }
}

async function picture(seed = 1) {
  return new File([new Uint8Array(await makePictureBytes(seed, 64))], 'order.png', {
    type: 'image/png',
  })
}

async function input(w: Awaited<ReturnType<typeof world>>, over: Partial<NewOrderInput> = {}) {
  return {
    orderNumber: `113-${uid()}`,
    market: w.refs.marketId,
    pId: w.product.pId,
    paypal: `buyer-${uid()}@example.test`,
    orderScreenshot: await picture(),
    buyerContact: 'wa: +92 300 0000000',
    remark: 'first line\nsecond line',
    ...over,
  } satisfies NewOrderInput
}

/** A world where the pm holds a reservation and made one order from it. */
async function ordered() {
  const w = await world()
  unwrap(reserveProduct(w.pm, w.product.pId))
  const { order } = unwrap(await createOrder(w.pm, await input(w)))
  return { ...w, order }
}

describe('the new-order form', () => {
  test('each required field has the spec message', () => {
    const submission = parseWithZod(new FormData(), { schema: NewOrderSchema })
    expect(submission.status).toBe('error')
    const errors = submission.status === 'error' ? submission.error : {}
    for (const field of ['orderNumber', 'market', 'pId', 'paypal', 'orderScreenshot'] as const) {
      expect(errors?.[field], field).toEqual([ORDER_FIELD_MESSAGES[field]])
    }
    expect(errors?.refundScreenshot).toBeUndefined()
    expect(errors?.buyerContact).toBeUndefined()
    expect(errors?.remark).toBeUndefined()
  })

  test('the customer email has no format check', () => {
    const form = new FormData()
    form.set('paypal', 'not an email')
    const submission = parseWithZod(form, { schema: NewOrderSchema })
    expect(submission.status === 'error' && submission.error?.paypal).toBeFalsy()
  })
})

describe('creating an order', () => {
  test('needs an active reservation by this pm, and converts it: the unit moves to the order', async () => {
    const w = await world({ limitPerDay: 3, limit: 5 })
    const refused = await createOrder(w.pm, await input(w))
    expect(refused).toMatchObject({
      ok: false,
      code: 'conflict',
      fieldErrors: { pId: [ORDER_MESSAGES.noReservation(w.product.pId)] },
    })
    expect(db.select().from(orders).where(eq(orders.productId, w.product.id)).all()).toHaveLength(0)

    unwrap(reserveProduct(w.pm, w.product.pId))
    const before = getProductView(w.pm, w.product.pId)!
    expect([before.todayRemaining, before.totalRemaining]).toEqual([2, 4])
    // Another pm's reservation is not this pm's.
    expect((await createOrder(w.otherPm, await input(w))).ok).toBe(false)

    const created = unwrap(await createOrder(w.pm, await input(w)))
    expect(created.message).toBe(ORDER_MESSAGES.created)
    expect(created.order).toMatchObject({ statusId: 'ordered', commission: 1234, userId: w.pm.id })
    const after = getProductView(w.pm, w.product.pId)!
    expect([after.todayRemaining, after.totalRemaining]).toEqual([2, 4])
    const reservation = db
      .select()
      .from(reservations)
      .where(eq(reservations.productId, w.product.id))
      .get()
    expect(reservation?.status).toBe('ordered')
    // The reservation is used up: a second order needs a new one.
    expect((await createOrder(w.pm, await input(w))).ok).toBe(false)
  })

  test('only a pm creates orders', async () => {
    const w = await world()
    for (const viewer of [w.pmm, w.admin]) {
      expect(await createOrder(viewer, await input(w))).toMatchObject({
        ok: false,
        code: 'forbidden',
      })
    }
  })

  test('an order number is unique per market, trimmed and in any letter case', async () => {
    const w = await world({ limitPerDay: 5 })
    unwrap(reserveProduct(w.pm, w.product.pId))
    unwrap(await createOrder(w.pm, await input(w, { orderNumber: 'AB-100' })))
    unwrap(reserveProduct(w.pm, w.product.pId))
    expect(await createOrder(w.pm, await input(w, { orderNumber: '  ab-100 ' }))).toMatchObject({
      ok: false,
      fieldErrors: { orderNumber: [ORDER_MESSAGES.duplicateNumber] },
    })
    // The same number in another market is another order.
    const other = insertMarket(`Other ${uid()}`, `O${uid()}`).id
    expect(
      (await createOrder(w.pm, await input(w, { orderNumber: 'AB-100', market: other }))).ok,
    ).toBe(true)
  })

  test('a customer email on the Scammer PayPal list is refused, naming the list', async () => {
    const w = await world()
    db.insert(scammerPaypals)
      .values({
        email: `fraud-${w.pm.id}@example.test`,
        reason: 'chargebacks',
        reportedBy: w.pmm.id,
      })
      .run()
    unwrap(reserveProduct(w.pm, w.product.pId))
    const refused = await createOrder(
      w.pm,
      await input(w, { paypal: `  FRAUD-${w.pm.id}@Example.test ` }),
    )
    expect(refused).toMatchObject({ ok: false, fieldErrors: { paypal: [SCAMMER_BLOCKED_MESSAGE] } })
    expect(SCAMMER_BLOCKED_MESSAGE).toBe('This customer email is on the scammer list.')
  })

  test('a file that is not a picture is refused and nothing is stored', async () => {
    const w = await world()
    unwrap(reserveProduct(w.pm, w.product.pId))
    const fake = new File([new TextEncoder().encode('not a picture')], 'x.png', {
      type: 'image/png',
    })
    const refused = await createOrder(w.pm, await input(w, { orderScreenshot: fake }))
    expect(refused).toMatchObject({
      ok: false,
      fieldErrors: { orderScreenshot: [PICTURE_INVALID_MESSAGE] },
    })
    expect(db.select().from(orders).where(eq(orders.productId, w.product.id)).all()).toHaveLength(0)
  })

  test('two creations at once from one reservation make exactly one order', async () => {
    const w = await world({ limitPerDay: 5, limit: 5 })
    unwrap(reserveProduct(w.pm, w.product.pId))
    const results = await Promise.all([
      createOrder(w.pm, await input(w)),
      createOrder(w.pm, await input(w)),
    ])
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect(db.select().from(orders).where(eq(orders.productId, w.product.id)).all()).toHaveLength(1)
    expect(getProductView(w.pm, w.product.pId)!.totalRemaining).toBe(4)
  })
})

describe('who sees an order', () => {
  test('its pm, the pmm who owns the product and admins; anyone else gets not found', async () => {
    const w = await ordered()
    for (const viewer of [w.pm, w.pmm, w.admin]) {
      expect(getOrder(viewer, w.order.id).ok).toBe(true)
      expect(unwrap(listOrders(viewer, {})).rows.map((r) => r.id)).toContain(w.order.id)
    }
    for (const viewer of [w.otherPm, w.otherPmm]) {
      expect(getOrder(viewer, w.order.id)).toMatchObject({ ok: false, code: 'not_found' })
      expect(unwrap(listOrders(viewer, {})).rows.map((r) => r.id)).not.toContain(w.order.id)
    }
  })

  test('the list filters by status, customer email, product id and order number', async () => {
    const w = await ordered()
    const hit = (f: Parameters<typeof listOrders>[1]) =>
      unwrap(listOrders(w.pmm, f)).rows.some((r) => r.id === w.order.id)
    expect(hit({ status: 'ordered' })).toBe(true)
    expect(hit({ status: 'commission' })).toBe(false)
    expect(hit({ customerEmail: w.order.customerEmail.slice(0, 8).toUpperCase() })).toBe(true)
    expect(hit({ searchById: w.product.pId })).toBe(true)
    expect(hit({ orderNumber: w.order.orderNumber.slice(-4) })).toBe(true)
    expect(hit({ orderNumber: '%' })).toBe(false)
    expect(hit({ completed: true })).toBe(false)
  })
})

describe('status changes', () => {
  test('each role chooses only its statuses; every change is in the history', async () => {
    const w = await ordered()
    expect(changeOrderStatus(w.pm, w.order.id, 'commission')).toMatchObject({
      ok: false,
      code: 'forbidden',
    })
    expect(changeOrderStatus(w.pmm, w.order.id, 'reviewed')).toMatchObject({ ok: false })
    expect(changeOrderStatus(w.otherPmm, w.order.id, 'delivered')).toMatchObject({
      ok: false,
      code: 'not_found',
    })
    expect(unwrap(changeOrderStatus(w.pm, w.order.id, 'reviewed')).message).toBe(
      'Status updated successfully.',
    )
    unwrap(changeOrderStatus(w.pmm, w.order.id, 'refunded'))
    unwrap(changeOrderStatus(w.admin, w.order.id, 'commission'))
    const order = unwrap(getOrder(w.admin, w.order.id)).order
    expect(order.status).toEqual({ id: 'commission', name: 'Commission' })
    expect(order.refundDate).toBeInstanceOf(Date)
    expect(statusHistory(w.order.id).map((h) => [h.from, h.to])).toEqual([
      ['Refunded', 'Commission'],
      ['Reviewed', 'Refunded'],
      ['Ordered', 'Reviewed'],
      [null, 'Ordered'],
    ])
    expect(unwrap(listOrders(w.admin, { completed: true })).rows.map((r) => r.id)).toContain(
      w.order.id,
    )
  })

  test('Cancelled frees the unit', async () => {
    const w = await ordered()
    const before = getProductView(w.pm, w.product.pId)!.totalRemaining
    unwrap(changeOrderStatus(w.pm, w.order.id, 'cancelled'))
    expect(getProductView(w.pm, w.product.pId)!.totalRemaining).toBe(before + 1)
  })
})

describe('editing', () => {
  test('the pm who made it and admins edit; a pmm and others may not', async () => {
    const w = await ordered()
    const changes = {
      orderNumber: 'EDITED-1',
      customerEmail: 'new@example.test',
      facebookIdentity: 'fb.com/buyer',
      market: w.refs.marketId,
      remark: 'changed',
    }
    expect(updateOrder(w.pmm, w.order.id, changes)).toMatchObject({ ok: false, code: 'forbidden' })
    expect(updateOrder(w.otherPm, w.order.id, changes)).toMatchObject({ code: 'not_found' })
    expect(unwrap(updateOrder(w.pm, w.order.id, changes)).message).toBe(
      'Order updated successfully.',
    )
    const order = unwrap(getOrder(w.pm, w.order.id)).order
    expect(order).toMatchObject({
      orderNumber: 'EDITED-1',
      customerEmail: 'new@example.test',
      buyerContact: 'fb.com/buyer',
      remark: 'changed',
      product: { pId: w.product.pId },
    })
    expect(updateOrder(w.pm, w.order.id, { ...changes, status: 'commission' })).toMatchObject({
      ok: false,
      fieldErrors: { status: [ORDER_MESSAGES.statusNotYours] },
    })
    expect(
      unwrap(updateOrder(w.admin, w.order.id, { ...changes, status: 'commission' })).message,
    ).toBe('Order updated successfully.')
  })
})

describe('the three pictures', () => {
  test('order and review by the pm, refund by the owning pmm, any by an admin', async () => {
    const w = await ordered()
    const allowed = [
      [w.pm, 'order'],
      [w.pm, 'review'],
      [w.pmm, 'refund'],
      [w.admin, 'order'],
      [w.admin, 'refund'],
      [w.admin, 'review'],
    ] as const
    for (const [viewer, kind] of allowed) {
      expect(
        unwrap(await setOrderPicture(viewer, w.order.id, kind, await picture(7))).message,
      ).toBe(`Picture updated successfully for ${kind}`)
    }
    for (const [viewer, kind] of [
      [w.pm, 'refund'],
      [w.pmm, 'review'],
      [w.pmm, 'order'],
    ] as const) {
      expect(await setOrderPicture(viewer, w.order.id, kind, await picture(8))).toMatchObject({
        ok: false,
        code: 'forbidden',
      })
    }
    expect(await setOrderPicture(w.otherPmm, w.order.id, 'refund', await picture(8))).toMatchObject(
      {
        code: 'not_found',
      },
    )
    const order = unwrap(getOrder(w.pm, w.order.id)).order
    expect(order.pictures.refund?.thumb).toMatch(/thumb$/)
    expect(order.pictures.review?.thumb).toMatch(/thumb$/)
  })
})

/**
 * A request already past its sign-in check must not write once its user is disabled (or deleted):
 * the account's state is checked again inside the write transaction (issue 19, item 10).
 */
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '../../../../db/client'
import { makeProduct } from '../../../../server/factories'
import { orders, reservations, users } from '../../../../db/schema'
import { reserveProduct } from '~/models/reservation.server'
import { unwrap } from '~/core/result'
import { getUser } from '~/utils/auth.server'
import { makeRefs, send, userWithToken } from '../../../../tests/api'
import { pngFile } from '../../../../tests/orders'
import { call, jsonRequest } from '../../../../tests/route'
import { action as orderApi } from './order._index'
import { action as updateApi } from './order.update'
import { action as reserveApi } from './reserve.$pId'

async function world() {
  const refs = makeRefs()
  const [owner, pm] = await Promise.all([userWithToken('pmm'), userWithToken('pm')])
  const product = await makeProduct(owner.user, refs, { limitPerDay: 5, limit: 50 })
  return { refs, owner, pm, product }
}

/** The request passes its sign-in check, then the admin disables the user before it writes. */
async function signedInThenDisabled(request: Request, userId: number) {
  expect(await getUser(request)).toMatchObject({ id: userId })
  db.update(users).set({ isEnable: false }).where(eq(users.id, userId)).run()
  return request
}

const DISABLED = { success: false, message: 'Your account is disabled.' }

describe('a user disabled while the request is under way', () => {
  test('POST /api/v1/order/ is refused and records no order', async () => {
    const w = await world()
    unwrap(reserveProduct(w.pm.user, w.product.pId))
    const form = new FormData()
    const fields = {
      orderNumber: 'SLOW-1',
      market: String(w.refs.marketId),
      pId: String(w.product.pId),
      paypal: 'buyer@example.test',
    }
    for (const [k, v] of Object.entries(fields)) form.set(k, v)
    form.set('orderScreenshot', await pngFile(301))
    const request = await signedInThenDisabled(
      send('POST', '/api/v1/order/', w.pm.token, { body: form }),
      w.pm.user.id,
    )
    const r = await call(orderApi, request)
    expect(r.status).toBe(403)
    expect(r.data).toEqual(DISABLED)
    expect(db.select().from(orders).where(eq(orders.productId, w.product.id)).all()).toEqual([])
    const held = db.select().from(reservations).where(eq(reservations.userId, w.pm.user.id)).get()
    expect(held?.status).toBe('active')
  })

  test('POST /api/v1/reserve/:pId is refused and reserves nothing', async () => {
    const w = await world()
    const pId = String(w.product.pId)
    const request = await signedInThenDisabled(
      send('POST', `/api/v1/reserve/${pId}`, w.pm.token),
      w.pm.user.id,
    )
    const r = await call(reserveApi, request, { pId })
    expect(r.status).toBe(403)
    expect(r.data).toEqual(DISABLED)
    expect(
      db.select().from(reservations).where(eq(reservations.userId, w.pm.user.id)).all(),
    ).toEqual([])
  })

  test('PATCH /api/v1/order/update is refused and changes nothing', async () => {
    const w = await world()
    unwrap(reserveProduct(w.pm.user, w.product.pId))
    const { createOrder } = await import('~/models/order.server')
    const { order } = unwrap(
      await createOrder(w.pm.user, {
        orderNumber: 'SLOW-2',
        market: w.refs.marketId,
        pId: w.product.pId,
        paypal: 'before@example.test',
        orderScreenshot: await pngFile(302),
        buyerContact: '',
        remark: '',
      }),
    )
    const request = await signedInThenDisabled(
      jsonRequest(
        '/api/v1/order/update',
        {
          orderNumber: 'SLOW-2',
          customerEmail: 'after@example.test',
          facebookIdentity: '',
          market: w.refs.marketId,
          remark: '',
        },
        { method: 'PATCH', token: w.pm.token },
      ),
      w.pm.user.id,
    )
    const r = await call(updateApi, request)
    expect(r.status).toBe(403)
    expect(r.data).toEqual(DISABLED)
    const row = db.select().from(orders).where(eq(orders.id, order.id)).get()
    expect(row?.customerEmail).toBe('before@example.test')
  })

  test('a deleted user is refused with the deleted message', async () => {
    const w = await world()
    const pId = String(w.product.pId)
    const request = send('POST', `/api/v1/reserve/${pId}`, w.pm.token)
    expect(await getUser(request)).toMatchObject({ id: w.pm.user.id })
    db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, w.pm.user.id)).run()
    const r = await call(reserveApi, request, { pId })
    expect(r.status).toBe(403)
    expect(r.data).toEqual({ success: false, message: 'This account has been deleted.' })
  })
})

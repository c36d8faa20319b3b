import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '../../db/client'
import { idempotencyKeys, orders } from '../../db/schema'
import { IDEMPOTENCY_MESSAGES, IDEMPOTENCY_WINDOW_MS } from '~/core/idempotency.server'
import { unwrap } from '~/core/result'
import type { NewOrderInput } from '~/validation/order'
import { orderWorld, pngFile } from '../../tests/orders'
import { uid } from '../../tests/unique'
import { purgeOldIdempotencyKeys } from './idempotency.server'
import { createOrder, ORDER_MESSAGES } from './order.server'
import { reserveProduct } from './reservation.server'

type World = Awaited<ReturnType<typeof orderWorld>>

async function input(w: World, over: Partial<NewOrderInput> = {}): Promise<NewOrderInput> {
  return {
    orderNumber: `IK-${uid()}`,
    market: w.refs.marketId,
    pId: w.product.pId,
    paypal: `buyer-${uid()}@example.test`,
    orderScreenshot: await pngFile(11),
    buyerContact: 'wa',
    remark: '',
    ...over,
  }
}

const orderCount = (w: World) =>
  db.select().from(orders).where(eq(orders.productId, w.product.id)).all().length

const keyRows = (userId: number, key: string) =>
  db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .all()

describe('createOrder with an Idempotency-Key', () => {
  test('the same key and body again answers the first order, and makes no second one', async () => {
    const w = await orderWorld()
    unwrap(reserveProduct(w.pm.user, w.product.pId))
    const body = await input(w)
    const key = `k-${uid()}`
    const first = unwrap(await createOrder(w.pm.user, body, new Date(), key))
    expect(first.replayed).toBeUndefined()
    // The pictures count by their bytes: a new File with the same bytes is the same body.
    const again = await createOrder(
      w.pm.user,
      { ...body, orderScreenshot: await pngFile(11) },
      new Date(),
      key,
    )
    expect(again).toMatchObject({
      ok: true,
      replayed: true,
      message: ORDER_MESSAGES.created,
      order: { id: first.order.id, orderNumber: body.orderNumber },
    })
    expect(orderCount(w)).toBe(1)
    expect(keyRows(w.pm.user.id, key)).toHaveLength(1)
  })

  test('the same key with another body is refused with the reason (422), nothing made', async () => {
    const w = await orderWorld()
    unwrap(reserveProduct(w.pm.user, w.product.pId))
    const key = `k-${uid()}`
    unwrap(await createOrder(w.pm.user, await input(w), new Date(), key))
    unwrap(reserveProduct(w.pm.user, w.product.pId))
    const other = await createOrder(w.pm.user, await input(w), new Date(), key)
    expect(other).toEqual({
      ok: false,
      code: 'unprocessable',
      message: IDEMPOTENCY_MESSAGES.reused,
    })
    expect(orderCount(w)).toBe(1)
  })

  test('keys are per user: another pm may use the same key', async () => {
    const w = await orderWorld()
    const other = await orderWorld()
    unwrap(reserveProduct(w.pm.user, w.product.pId))
    unwrap(reserveProduct(other.pm.user, other.product.pId))
    const key = `shared-${uid()}`
    unwrap(await createOrder(w.pm.user, await input(w), new Date(), key))
    const theirs = await createOrder(other.pm.user, await input(other), new Date(), key)
    expect(theirs).toMatchObject({ ok: true })
    expect(theirs.ok && theirs.replayed).toBeFalsy()
    expect(orderCount(other)).toBe(1)
  })

  test('a refusal is not remembered: corrected, the same key may be sent again', async () => {
    const w = await orderWorld()
    const key = `k-${uid()}`
    const refused = await createOrder(w.pm.user, await input(w), new Date(), key)
    expect(refused).toMatchObject({
      ok: false,
      message: ORDER_MESSAGES.noReservation(w.product.pId),
    })
    expect(keyRows(w.pm.user.id, key)).toHaveLength(0)
    unwrap(reserveProduct(w.pm.user, w.product.pId))
    expect(await createOrder(w.pm.user, await input(w), new Date(), key)).toMatchObject({
      ok: true,
    })
    expect(orderCount(w)).toBe(1)
  })

  test('two sends with one key at once make one order; both answer it', async () => {
    const w = await orderWorld()
    unwrap(reserveProduct(w.pm.user, w.product.pId))
    const body = await input(w)
    const key = `k-${uid()}`
    const [a, b] = await Promise.all([
      createOrder(w.pm.user, body, new Date(), key),
      createOrder(w.pm.user, body, new Date(), key),
    ])
    const ids = [a, b].map((r) => (r.ok ? r.order.id : r.message))
    expect(ids[0]).toBe(ids[1])
    expect(orderCount(w)).toBe(1)
  })

  test('a key that is not 1 to 255 visible characters is refused (400); a quoted one is read', async () => {
    const w = await orderWorld()
    unwrap(reserveProduct(w.pm.user, w.product.pId))
    for (const bad of ['', 'has space', 'x'.repeat(256), 'é']) {
      expect(await createOrder(w.pm.user, await input(w), new Date(), bad)).toEqual({
        ok: false,
        code: 'invalid',
        message: IDEMPOTENCY_MESSAGES.badKey,
      })
    }
    const key = `k-${uid()}`
    unwrap(await createOrder(w.pm.user, await input(w), new Date(), `"${key}"`))
    expect(keyRows(w.pm.user.id, key)).toHaveLength(1)
  })

  test('a key is kept 24 hours: later it is forgotten, and the sweep removes it', async () => {
    const w = await orderWorld()
    unwrap(reserveProduct(w.pm.user, w.product.pId))
    const body = await input(w)
    const key = `k-${uid()}`
    const sent = new Date()
    unwrap(await createOrder(w.pm.user, body, sent, key))
    const almost = new Date(sent.getTime() + IDEMPOTENCY_WINDOW_MS - 60_000)
    expect(await createOrder(w.pm.user, body, almost, key)).toMatchObject({
      ok: true,
      replayed: true,
    })
    // A day later the same send is a new request: refused, as the reservation is an order now.
    const later = new Date(sent.getTime() + IDEMPOTENCY_WINDOW_MS + 60_000)
    expect(await createOrder(w.pm.user, body, later, key)).toMatchObject({ ok: false })
    purgeOldIdempotencyKeys(almost.getTime())
    expect(keyRows(w.pm.user.id, key)).toHaveLength(1)
    purgeOldIdempotencyKeys(later.getTime())
    expect(keyRows(w.pm.user.id, key)).toHaveLength(0)
    expect(orderCount(w)).toBe(1)
  })
})

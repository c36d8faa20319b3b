import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '../../../../db/client'
import { orders } from '../../../../db/schema'
import { IDEMPOTENCY_MESSAGES } from '~/core/idempotency.server'
import { unwrap } from '~/core/result'
import { ORDER_MESSAGES } from '~/models/order.server'
import { reserveProduct } from '~/models/reservation.server'
import { orderWorld, pngFile } from '../../../../tests/orders'
import { call, expectRedirectWithToast, multipartRequest } from '../../../../tests/route'
import { uid } from '../../../../tests/unique'
import { action as orderApi } from './order._index'
import { action as ordersPage } from '../../_app+/orders._index/route'

type World = Awaited<ReturnType<typeof orderWorld>>

async function orderForm(w: World, orderNumber = `IK-${uid()}`) {
  const form = new FormData()
  form.set('orderNumber', orderNumber)
  form.set('market', String(w.refs.marketId))
  form.set('pId', String(w.product.pId))
  form.set('paypal', 'buyer@example.test')
  form.set('orderScreenshot', await pngFile(21))
  return form
}

function apiPost(w: World, form: FormData, key?: string) {
  const headers: Record<string, string> = { Cookie: w.pm.cookie }
  if (key !== undefined) headers['Idempotency-Key'] = key
  return call(
    orderApi,
    new Request('http://localhost/api/v1/order/', { method: 'POST', headers, body: form }),
  )
}

const orderRows = (w: World) =>
  db.select({ id: orders.id }).from(orders).where(eq(orders.productId, w.product.id)).all()

describe('POST /api/v1/order/ with an Idempotency-Key header', () => {
  test('sent twice: 201 both times, one order, the Location of that order', async () => {
    const w = await orderWorld()
    unwrap(reserveProduct(w.pm.user, w.product.pId))
    const key = `api-${uid()}`
    const number = `IK-${uid()}`
    const first = await apiPost(w, await orderForm(w, number), key)
    const again = await apiPost(w, await orderForm(w, number), key)
    const [row] = orderRows(w)
    for (const r of [first, again]) {
      expect(r.status).toBe(201)
      expect(r.data).toEqual({ success: true, message: ORDER_MESSAGES.created })
      expect(r.headers.get('Location')).toBe(`/api/v1/order/${row?.id}`)
    }
    expect(orderRows(w)).toHaveLength(1)
  })

  test('the same key with another body: 422 saying why', async () => {
    const w = await orderWorld()
    unwrap(reserveProduct(w.pm.user, w.product.pId))
    const key = `api-${uid()}`
    expect((await apiPost(w, await orderForm(w), key)).status).toBe(201)
    unwrap(reserveProduct(w.pm.user, w.product.pId))
    const other = await apiPost(w, await orderForm(w), key)
    expect(other.status).toBe(422)
    expect(other.data).toEqual({ success: false, message: IDEMPOTENCY_MESSAGES.reused })
    expect(orderRows(w)).toHaveLength(1)
  })

  test('a malformed key: 400 saying what a key is', async () => {
    const w = await orderWorld()
    unwrap(reserveProduct(w.pm.user, w.product.pId))
    const r = await apiPost(w, await orderForm(w), 'two words')
    expect(r.status).toBe(400)
    expect(r.data).toEqual({ success: false, message: IDEMPOTENCY_MESSAGES.badKey })
    expect(orderRows(w)).toHaveLength(0)
  })
})

describe('the new-order form with its idempotencyKey field', () => {
  const pagePost = async (w: World, form: FormData) => {
    form.set('intent', 'create')
    return call(ordersPage, multipartRequest('/orders?tab=add', form, w.pm.cookie))
  }

  test('posted twice (a double press, a retry): one order, both answers go to its row', async () => {
    const w = await orderWorld()
    unwrap(reserveProduct(w.pm.user, w.product.pId))
    const key = `page-${uid()}`
    const number = `IK-${uid()}`
    const forms = [await orderForm(w, number), await orderForm(w, number)]
    for (const form of forms) form.set('idempotencyKey', key)
    const first = await pagePost(w, forms[0]!)
    const again = await pagePost(w, forms[1]!)
    const [row] = orderRows(w)
    for (const r of [first, again]) {
      await expectRedirectWithToast(r, `/orders#order-${row?.id}`, {
        type: 'success',
        message: ORDER_MESSAGES.created,
      })
    }
    expect(orderRows(w)).toHaveLength(1)
  })

  test('the page and the API share the keys: the same order through the API after the page is one order', async () => {
    const w = await orderWorld()
    unwrap(reserveProduct(w.pm.user, w.product.pId))
    const key = `both-${uid()}`
    const number = `IK-${uid()}`
    const form = await orderForm(w, number)
    form.set('idempotencyKey', key)
    expect((await pagePost(w, form)).status).toBe(302)
    expect((await apiPost(w, await orderForm(w, number), key)).status).toBe(201)
    expect(orderRows(w)).toHaveLength(1)
  })

  test('the same key with another body: the form says why (422), nothing made', async () => {
    const w = await orderWorld()
    unwrap(reserveProduct(w.pm.user, w.product.pId))
    const key = `page-${uid()}`
    const first = await orderForm(w)
    first.set('idempotencyKey', key)
    expect((await pagePost(w, first)).status).toBe(302)
    unwrap(reserveProduct(w.pm.user, w.product.pId))
    const other = await orderForm(w)
    other.set('idempotencyKey', key)
    const r = await pagePost(w, other)
    expect(r.status).toBe(422)
    expect(r.data.result.error).toMatchObject({ '': [IDEMPOTENCY_MESSAGES.reused] })
    expect(orderRows(w)).toHaveLength(1)
  })
})

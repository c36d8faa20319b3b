import { describe, expect, test } from 'vitest'
import { reserveProduct } from '~/models/reservation.server'
import { unwrap } from '~/core/result'
import { addScammer, SCAMMER_BLOCKED_MESSAGE } from '~/models/scammer.server'
import { ORDER_FIELD_MESSAGES } from '~/validation/order'
import { signedIn } from '../../../../tests/api'
import { orderWorld, pngFile } from '../../../../tests/orders'
import {
  call,
  fieldErrors,
  flashedToast,
  getRequest,
  multipartRequest,
} from '../../../../tests/route'
import { action, loader } from './route'

const uid = () => Math.random().toString(36).slice(2, 8)

type World = Awaited<ReturnType<typeof orderWorld>>

async function orderForm(w: World, over: Record<string, string> = {}) {
  const form = new FormData()
  form.set('intent', 'create')
  form.set('orderNumber', `114-${uid()}`)
  form.set('market', String(w.refs.marketId))
  form.set('pId', String(w.product.pId))
  form.set('paypal', `buyer-${uid()}@example.test`)
  form.set('orderScreenshot', await pngFile(5))
  for (const [k, v] of Object.entries(over)) form.set(k, v)
  return form
}

const load = (cookie: string, query = '') => call(loader, getRequest(`/orders${query}`, { cookie }))

describe('/orders', () => {
  test('a pm has Add and ORDERS and starts on ORDERS; pmm and admin have the list only', async () => {
    const pm = await signedIn('pm')
    const r = await load(pm.cookie)
    expect(r.data.tabs).toEqual([
      { id: 'add', label: 'Add' },
      { id: 'orders', label: 'ORDERS' },
    ])
    expect(r.data.tab).toBe('orders')
    for (const role of ['pmm', 'admin'] as const) {
      const other = await signedIn(role)
      const list = await load(other.cookie, '?tab=add')
      expect(list.data.tabs).toEqual([{ id: 'orders', label: 'ORDERS' }])
      expect(list.data.tab).toBe('orders')
    }
  })

  test('Add opened from a reservation has the product ID filled in; a bad one is dropped', async () => {
    const pm = await signedIn('pm')
    expect((await load(pm.cookie, '?tab=add&pId=123456')).data.pId).toBe('123456')
    expect((await load(pm.cookie, '?tab=add&pId=12')).data.pId).toBe('')
  })

  test('every required field says the spec message and nothing is stored', async () => {
    const w = await orderWorld()
    const form = new FormData()
    form.set('intent', 'create')
    const r = await call(action, multipartRequest('/orders?tab=add', form, w.pm.cookie))
    expect(r.status).toBe(400)
    expect(fieldErrors(r)).toMatchObject({
      orderNumber: [ORDER_FIELD_MESSAGES.orderNumber],
      market: [ORDER_FIELD_MESSAGES.market],
      pId: [ORDER_FIELD_MESSAGES.pId],
      paypal: [ORDER_FIELD_MESSAGES.paypal],
      orderScreenshot: [ORDER_FIELD_MESSAGES.orderScreenshot],
    })
    expect((await load(w.pm.cookie)).data.orders.total).toBe(0)
  })

  test('without a reservation the product ID is refused; with one the order is made and listed', async () => {
    const w = await orderWorld()
    const refused = await call(
      action,
      multipartRequest('/orders?tab=add', await orderForm(w), w.pm.cookie),
    )
    expect(refused.status).toBe(409)
    expect(fieldErrors(refused).pId?.[0]).toMatch(/no active reservation for product/)
    // The typed values come back, the pictures do not.
    expect(refused.data.result.initialValue.orderNumber).toMatch(/^114-/)
    expect(refused.data.result.initialValue.orderScreenshot).toBeUndefined()

    unwrap(reserveProduct(w.pm.user, w.product.pId))
    const form = await orderForm(w)
    const created = await call(action, multipartRequest('/orders?tab=add', form, w.pm.cookie))
    expect(created.status).toBe(302)
    // At the new order's row (in view without JavaScript, focused with it).
    expect(created.location).toMatch(/^\/orders#order-\d+$/)
    expect(await flashedToast(created)).toMatchObject({
      type: 'success',
      message: 'Order created successfully.',
    })
    for (const viewer of [w.pm, w.pmm]) {
      const list = await load(viewer.cookie, `?orderNumber=${form.get('orderNumber')}`)
      expect(list.data.orders.total).toBe(1)
      expect(list.data.orders.rows[0]).toMatchObject({
        number: 1,
        marketerName: w.pm.user.name,
        orderNumber: form.get('orderNumber'),
        sellerId: w.pm.user.id,
        pId: w.product.pId,
        customerEmail: form.get('paypal'),
        commission: 45.5,
        status: 'Ordered',
      })
      expect(list.data.orders.rows[0].updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(list.data.orders.rows[0].thumb).toMatch(/^\/resources\/pictures\/[0-9a-f]{64}\/thumb$/)
    }
    const stranger = await signedIn('pm')
    expect((await load(stranger.cookie)).data.orders.total).toBe(0)
  })

  test('a customer email on the Scammer PayPal list is refused, naming the list', async () => {
    const w = await orderWorld()
    unwrap(reserveProduct(w.pm.user, w.product.pId))
    const email = `scam-${uid()}@example.test`
    unwrap(addScammer(w.pmm.user, { email, reason: 'Chargeback' }))
    const r = await call(
      action,
      multipartRequest(
        '/orders?tab=add',
        await orderForm(w, { paypal: `  ${email.toUpperCase()} ` }),
        w.pm.cookie,
      ),
    )
    expect(r.status).toBe(409)
    expect(fieldErrors(r).paypal).toEqual([SCAMMER_BLOCKED_MESSAGE])
  })

  test('only a pm may post the form (others get the 404 page)', async () => {
    const w = await orderWorld()
    const r = await call(action, multipartRequest('/orders', await orderForm(w), w.pmm.cookie))
    expect(r.status).toBe(404)
  })

  test('filters are read leniently: a bad value is dropped, not an error page', async () => {
    const pm = await signedIn('pm')
    const r = await load(pm.cookie, '?searchById=12&status=%3Cb%3E&page=x')
    expect(r.status).toBe(200)
    expect(r.data.orders.page).toBe(1)
  })
})

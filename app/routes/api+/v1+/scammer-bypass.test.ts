/**
 * The Scammer PayPal list cannot be walked around (issue 19, item 4): every write of a customer
 * email (new order, edit; page and API) is checked, on a normalised form (NFKC, case-folded,
 * invisible and format characters removed), against a list compared the same way.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '../../../../db/client'
import { orders, scammerPaypals } from '../../../../db/schema'
import { reserveProduct } from '~/models/reservation.server'
import { unwrap } from '~/core/result'
import {
  addScammer,
  normaliseScammerList,
  SCAMMER_BLOCKED_MESSAGE,
  SCAMMER_DUPLICATE_MESSAGE,
  scammerListed,
} from '~/models/scammer.server'
import { action as orderPage } from '~/routes/_app+/orders._index/route'
import { action as orderViewPage } from '~/routes/_app+/orders.view.$orderId/route'
import { createSession } from '~/models/session.server'
import { send } from '../../../../tests/api'
import { orderWorld, placeOrder, pngFile } from '../../../../tests/orders'
import {
  call,
  fieldErrors,
  flashedToast,
  formRequest,
  jsonRequest,
  multipartRequest,
} from '../../../../tests/route'
import { action as orderApi } from './order._index'
import { action as updateApi } from './order.update'
import { uid } from '../../../../tests/unique'

type World = Awaited<ReturnType<typeof orderWorld>>

/** A listed address and ways of writing it that a person reads as the same address. */
function listed(w: World) {
  const email = `scam-${uid()}@example.test`
  unwrap(addScammer(w.pmm.user, { email, reason: 'Chargeback' }))
  const [name, domain] = email.split('@') as [string, string]
  return {
    email,
    variants: [
      `${name}\u200B@${domain}`, // zero width space
      `${name.slice(0, 2)}\u2060${name.slice(2)}@${domain}`, // word joiner
      `${name}\u00AD@${domain}`, // soft hyphen
      `\uFEFF${email.toUpperCase()}`, // byte order mark, upper case
      email.replace('s', '\uFF53'), // full-width s (NFKC)
    ],
  }
}

async function createForm(w: World, paypal: string) {
  const form = new FormData()
  form.set('intent', 'create')
  form.set('orderNumber', `S-${uid()}`)
  form.set('market', String(w.refs.marketId))
  form.set('pId', String(w.product.pId))
  form.set('paypal', paypal)
  form.set('orderScreenshot', await pngFile(9))
  return form
}

const noOrders = (w: World) =>
  expect(db.select().from(orders).where(eq(orders.productId, w.product.id)).all()).toEqual([])

test('the refusal is the product decision', () => {
  expect(SCAMMER_BLOCKED_MESSAGE).toBe('This customer email is on the scammer list.')
})

describe('creating an order with a listed email', () => {
  test('the page refuses every variant with a field error and an error toast', async () => {
    const w = await orderWorld()
    unwrap(reserveProduct(w.pm.user, w.product.pId))
    for (const paypal of listed(w).variants) {
      const r = await call(
        orderPage,
        multipartRequest('/orders?tab=add', await createForm(w, paypal), w.pm.cookie),
      )
      expect(r.status, JSON.stringify(paypal)).toBe(409)
      expect(fieldErrors(r).paypal).toEqual([SCAMMER_BLOCKED_MESSAGE])
      expect(await flashedToast(r)).toMatchObject({
        type: 'error',
        message: SCAMMER_BLOCKED_MESSAGE,
      })
    }
    noOrders(w)
  })

  test('the API refuses every variant with a 409 and the message', async () => {
    const w = await orderWorld()
    unwrap(reserveProduct(w.pm.user, w.product.pId))
    const token = createSession(w.pm.user.id).token
    for (const paypal of listed(w).variants) {
      const form = await createForm(w, paypal)
      form.delete('intent')
      const r = await call(orderApi, send('POST', '/api/v1/order/', token, { body: form }))
      expect(r.status, JSON.stringify(paypal)).toBe(409)
      expect(r.data).toMatchObject({ success: false, message: SCAMMER_BLOCKED_MESSAGE })
    }
    noOrders(w)
  })
})

describe('changing an order to a listed email', () => {
  const fields = (order: { orderNumber: string }, w: World, customerEmail: string) => ({
    orderNumber: order.orderNumber,
    customerEmail,
    facebookIdentity: '',
    market: String(w.refs.marketId),
    remark: '',
  })
  const emailOf = (id: number) =>
    db.select().from(orders).where(eq(orders.id, id)).get()?.customerEmail

  test('the edit form refuses it, the plain address and every variant', async () => {
    const w = await orderWorld()
    const order = await placeOrder(w)
    const scam = listed(w)
    for (const email of [scam.email, ...scam.variants]) {
      const r = await call(
        orderViewPage,
        formRequest(
          `/orders/view/${order.id}?mode=edit`,
          { intent: 'update', ...fields(order, w, email) },
          w.pm.cookie,
        ),
        { orderId: String(order.id) },
      )
      expect(r.status, JSON.stringify(email)).toBe(409)
      expect(fieldErrors(r).customerEmail).toEqual([SCAMMER_BLOCKED_MESSAGE])
      expect(await flashedToast(r)).toMatchObject({
        type: 'error',
        message: SCAMMER_BLOCKED_MESSAGE,
      })
    }
    expect(emailOf(order.id)).toBe(order.customerEmail)
  })

  test('PATCH /api/v1/order/update refuses it, the plain address and every variant', async () => {
    const w = await orderWorld()
    const order = await placeOrder(w)
    const token = createSession(w.pm.user.id).token
    const scam = listed(w)
    for (const email of [scam.email, ...scam.variants]) {
      const r = await call(
        updateApi,
        jsonRequest('/api/v1/order/update', fields(order, w, email), { method: 'PATCH', token }),
      )
      expect(r.status, JSON.stringify(email)).toBe(409)
      expect(r.data).toMatchObject({ success: false, message: SCAMMER_BLOCKED_MESSAGE })
    }
    expect(emailOf(order.id)).toBe(order.customerEmail)
  })

  test('an order whose email was listed later can still be edited otherwise', async () => {
    const w = await orderWorld()
    const order = await placeOrder(w)
    unwrap(addScammer(w.pmm.user, { email: order.customerEmail, reason: 'Later' }))
    const r = await call(
      updateApi,
      jsonRequest(
        '/api/v1/order/update',
        { ...fields(order, w, order.customerEmail), remark: 'still editable' },
        { method: 'PATCH', token: createSession(w.pm.user.id).token },
      ),
    )
    expect(r.status).toBe(200)
  })
})

describe('the list itself is compared normalised', () => {
  test('a variant of a listed email is a duplicate', async () => {
    const w = await orderWorld()
    const scam = listed(w)
    for (const email of scam.variants) {
      const added = addScammer(w.pmm.user, { email, reason: 'again' })
      expect(added).toMatchObject({
        ok: false,
        fieldErrors: { email: [SCAMMER_DUPLICATE_MESSAGE] },
      })
    }
  })

  test('an entry stored with invisible characters (before this rule) still blocks, once normalised at start', async () => {
    const w = await orderWorld()
    const key = `legacy-${uid()}@example.test`
    const pmm = w.pmm.user.id
    db.insert(scammerPaypals)
      .values([
        { email: `leg\u200Bacy${key.slice(6)}`, reason: 'old row', reportedBy: pmm },
        { email: `\u00AD${key}`, reason: 'same address again', reportedBy: pmm },
      ])
      .run()
    normaliseScammerList()
    expect(scammerListed(key)).toBe(true)
    const rows = db.select().from(scammerPaypals).where(eq(scammerPaypals.email, key)).all()
    expect(rows).toHaveLength(1)
  })
})

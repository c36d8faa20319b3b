/**
 * Hostile input to the API: values of the wrong type where the endpoints expect strings or
 * numbers are refused with a 400 and a message, never a 500.
 */
import { describe, expect, test } from 'vitest'
import { createSession } from '~/models/session.server'
import { orderWorld, placeOrder } from '../../tests/orders'
import { declaredEndpoints } from './endpoint.server'
import './openapi.server' // loads every endpoint declaration

async function callJson(method: string, path: string, token: string, json: unknown) {
  const entry = declaredEndpoints().find((e) => e.spec.method === method && e.spec.path === path)
  const request = new Request(`http://localhost/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(json),
  })
  const response = await entry!.handle({ request, params: {}, context: {} })
  return { status: response.status, data: (await response.json()) as Record<string, unknown> }
}

describe('objects where the API expects a number', () => {
  test.each([[{ toString: 'x' }], [{ valueOf: 1 }], [['1', '2']], ['12abc'], [true]])(
    'market %j: order update and status answer 400 with a message',
    async (market) => {
      const w = await orderWorld()
      const order = await placeOrder(w)
      const token = createSession(w.pm.user.id).token
      const update = await callJson('PATCH', '/order/update', token, {
        orderNumber: order.orderNumber,
        customerEmail: 'new@example.test',
        market,
        remark: '',
      })
      expect(update).toEqual({
        status: 400,
        data: expect.objectContaining({ success: false, message: 'Market is required' }),
      })
      const status = await callJson('PATCH', '/order/status', token, {
        values: { statusModel: 'reviewed', ordernumber: order.orderNumber, market },
      })
      expect(status).toEqual({
        status: 400,
        data: expect.objectContaining({ success: false, message: 'Please send the market id.' }),
      })
    },
  )
})

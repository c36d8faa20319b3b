import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '../../../../db/client'
import { orders } from '../../../../db/schema'
import { makeOrder, makeProduct } from '../../../../server/factories'
import { makeRefs, send, userWithToken } from '../../../../tests/api'
import { call } from '../../../../tests/route'
import { action as bulkStatus } from './order.bulk.status'
import { action as bulkUndo } from './order.bulk.undo'

const json = (method: string, path: string, token: string, body: unknown) =>
  send(method, path, token, { body: JSON.stringify(body), contentType: 'application/json' })

describe('PATCH /order/bulk/status', () => {
  test('sets the status on the caller’s orders, names the rest, and POST /order/bulk/undo restores them', async () => {
    const [pmm, otherPmm, pm] = await Promise.all([
      userWithToken('pmm'),
      userWithToken('pmm'),
      userWithToken('pm'),
    ])
    const product = await makeProduct(pmm.user, makeRefs(), { limitPerDay: 50, limit: 50 } as never)
    const other = await makeProduct(otherPmm.user, makeRefs(), {
      limitPerDay: 5,
      limit: 5,
    } as never)
    const stamp = Date.now().toString(36)
    const mine = [1, 2, 3].map((i) =>
      makeOrder({ product, user: pm.user, orderNumber: `API-BULK-${stamp}-${i}` }),
    )
    const theirs = makeOrder({ product: other, user: pm.user, orderNumber: `API-BULK-${stamp}-x` })
    const answer = await call(
      bulkStatus,
      json('PATCH', '/api/v1/order/bulk/status', pmm.token, {
        values: {
          statusModel: 'delivered',
          ordernumbers: [...mine.map((o) => o.orderNumber), theirs.orderNumber],
        },
      }),
    )
    expect(answer.status).toBe(200)
    expect(answer.data).toMatchObject({
      success: true,
      message: `Status set to Delivered on 3 orders (1 skipped: ${theirs.orderNumber} not found).`,
      data: {
        changed: 3,
        skipped: [{ ordernumber: theirs.orderNumber, reason: 'not found' }],
      },
    })
    const status = (id: number) =>
      db.select({ s: orders.statusId }).from(orders).where(eq(orders.id, id)).get()?.s
    expect(mine.map((o) => status(o.id))).toEqual(['delivered', 'delivered', 'delivered'])
    const undone = await call(
      bulkUndo,
      json('POST', '/api/v1/order/bulk/undo', pmm.token, {
        values: { batch: answer.data.data.batch },
      }),
    )
    expect(undone).toMatchObject({
      status: 200,
      data: { success: true, message: 'Undone: 3 orders are back to their previous status.' },
    })
    expect(mine.map((o) => status(o.id))).toEqual(['ordered', 'ordered', 'ordered'])
    const again = await call(
      bulkUndo,
      json('POST', '/api/v1/order/bulk/undo', pmm.token, {
        values: { batch: answer.data.data.batch },
      }),
    )
    expect(again).toMatchObject({
      status: 409,
      data: {
        success: false,
        message: 'This bulk change was already undone; nothing was changed.',
      },
    })
  })

  test('refuses more than 500 order numbers and a pm', async () => {
    const [pmm, pm] = await Promise.all([userWithToken('pmm'), userWithToken('pm')])
    const ordernumbers = Array.from({ length: 501 }, (_, i) => `N-${i}`)
    const tooMany = await call(
      bulkStatus,
      json('PATCH', '/api/v1/order/bulk/status', pmm.token, {
        values: { statusModel: 'delivered', ordernumbers },
      }),
    )
    expect(tooMany).toMatchObject({
      status: 400,
      data: {
        success: false,
        message:
          'At most 500 orders can be changed at once; 501 are selected. Narrow the filters or select fewer orders.',
      },
    })
    const byPm = await call(
      bulkStatus,
      json('PATCH', '/api/v1/order/bulk/status', pm.token, {
        values: { statusModel: 'ordered', ordernumbers: ['N-1'] },
      }),
    )
    expect(byPm.status).toBe(403)
  })
})

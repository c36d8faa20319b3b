import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '../../db/client'
import { orderStatusHistory, orders } from '../../db/schema'
import { makeOrder, makeProduct, makeUser } from '../../server/factories'
import { makeRefs } from '../../tests/api'
import { changeOrderStatus } from './order.server'
import { bulkChangeOrderStatus, undoBulkStatus } from './order-bulk.server'

async function world() {
  const [pmm, otherPmm, pm, admin] = await Promise.all([
    makeUser({ role: 'pmm' }),
    makeUser({ role: 'pmm' }),
    makeUser({ role: 'pm' }),
    makeUser({ role: 'admin' }),
  ])
  const product = await makeProduct(pmm, makeRefs(), { limitPerDay: 100, limit: 1000 } as never)
  const otherProduct = await makeProduct(otherPmm, makeRefs(), {
    limitPerDay: 100,
    limit: 1000,
  } as never)
  const stamp = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`
  let n = 0
  const order = (p = product, statusId = 'ordered') =>
    makeOrder({ product: p, user: pm, statusId, orderNumber: `bulk-${stamp}-${++n}` })
  const statusOf = (id: number) =>
    db.select({ s: orders.statusId }).from(orders).where(eq(orders.id, id)).get()?.s
  const history = (id: number) =>
    db
      .select({ from: orderStatusHistory.fromStatusId, to: orderStatusHistory.toStatusId })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, id))
      .all()
  return { pmm, pm, admin, product, otherProduct, order, statusOf, history }
}

const later = (ms: number) => new Date(Date.now() + ms)

describe('a bulk status change', () => {
  test('changes the orders the pmm may change, names the one they cannot see, and undoes', async () => {
    const w = await world()
    const mine = Array.from({ length: 24 }, () => w.order())
    const theirs = w.order(w.otherProduct)
    const now = later(1000)
    const result = bulkChangeOrderStatus(
      w.pmm,
      { target: { ids: [...mine.map((o) => o.id), theirs.id] }, statusId: 'delivered' },
      now,
    )
    expect(result).toMatchObject({
      ok: true,
      changed: 24,
      message: `Status set to Delivered on 24 orders (1 skipped: order ${theirs.id} not found).`,
    })
    expect(mine.every((o) => w.statusOf(o.id) === 'delivered')).toBe(true)
    expect(w.statusOf(theirs.id)).toBe('ordered')
    expect(w.history(mine[0]!.id)).toEqual([
      { from: null, to: 'ordered' },
      { from: 'ordered', to: 'delivered' },
    ])
    if (!result.ok) throw new Error('refused')
    expect(undoBulkStatus(w.pmm, result.batchId!, later(5000))).toEqual({
      ok: true,
      undone: 24,
      message: 'Undone: 24 orders are back to their previous status.',
    })
    expect(mine.every((o) => w.statusOf(o.id) === 'ordered')).toBe(true)
    expect(w.history(mine[0]!.id).at(-1)).toEqual({ from: 'delivered', to: 'ordered' })
    expect(undoBulkStatus(w.pmm, result.batchId!, later(6000))).toMatchObject({
      ok: false,
      message: 'This bulk change was already undone; nothing was changed.',
    })
  })

  test('skips and names an order changed since the page loaded, and one already in the status', async () => {
    const w = await world()
    const [a, b, c] = [w.order(), w.order(), w.order(w.product, 'delivered')]
    const seenAt = new Date()
    // Someone else changes b after the page was loaded.
    changeOrderStatus(w.pm, b!.id, 'reviewed', later(500))
    const result = bulkChangeOrderStatus(
      w.pmm,
      { target: { ids: [a!.id, b!.id, c!.id] }, statusId: 'delivered', seenAt },
      later(1000),
    )
    expect(result).toMatchObject({
      ok: true,
      changed: 1,
      message: `Status set to Delivered on 1 order (2 skipped: ${b!.orderNumber} changed by someone else since the page was loaded; ${c!.orderNumber} already Delivered).`,
    })
    expect(w.statusOf(b!.id)).toBe('reviewed')
  })

  test('refuses more than 500 orders, a status not theirs, and a pm', async () => {
    const w = await world()
    const ids = Array.from({ length: 501 }, (_, i) => i + 1)
    expect(bulkChangeOrderStatus(w.pmm, { target: { ids }, statusId: 'delivered' })).toMatchObject({
      ok: false,
      code: 'invalid',
      message:
        'At most 500 orders can be changed at once; 501 are selected. Narrow the filters or select fewer orders.',
    })
    expect(
      bulkChangeOrderStatus(w.pmm, { target: { ids: [1] }, statusId: 'ordered' }),
    ).toMatchObject({ ok: false, code: 'forbidden', message: 'You cannot choose this status.' })
    expect(
      bulkChangeOrderStatus(w.pm, { target: { ids: [1] }, statusId: 'ordered' }),
    ).toMatchObject({
      ok: false,
      code: 'forbidden',
      message: 'Only managers and admins can change the status of several orders at once.',
    })
  })

  test('undo refuses after its window and after another change to one of the orders', async () => {
    const w = await world()
    const [a, b] = [w.order(), w.order()]
    const first = bulkChangeOrderStatus(w.admin, { target: { ids: [a!.id] }, statusId: 'onhold' })
    if (!first.ok) throw new Error('refused')
    expect(undoBulkStatus(w.admin, first.batchId!, later(11_000))).toMatchObject({
      ok: false,
      code: 'conflict',
      message:
        'Undo is possible for 10 seconds after the change; that time has passed, so nothing was changed.',
    })
    const second = bulkChangeOrderStatus(w.admin, {
      target: { ids: [a!.id, b!.id] },
      statusId: 'pending',
    })
    if (!second.ok) throw new Error('refused')
    changeOrderStatus(w.pmm, b!.id, 'delivered', later(100))
    expect(undoBulkStatus(w.admin, second.batchId!, later(200))).toMatchObject({
      ok: false,
      message: `Undo is no longer possible: ${b!.orderNumber} changed again since; nothing was changed.`,
    })
    expect(w.statusOf(a!.id)).toBe('pending')
    // Nobody else undoes another user's change.
    expect(undoBulkStatus(w.pmm, second.batchId!, later(300))).toMatchObject({
      ok: false,
      code: 'not_found',
    })
  })

  test('every order matching the filters, by the same visibility as the list', async () => {
    const w = await world()
    const [a, b] = [w.order(), w.order()]
    w.order(w.otherProduct)
    const result = bulkChangeOrderStatus(w.pmm, {
      target: { filters: { searchById: w.product.pId } },
      statusId: 'refunded',
    })
    expect(result).toMatchObject({ ok: true, changed: 2, skipped: [] })
    expect([w.statusOf(a!.id), w.statusOf(b!.id)]).toEqual(['refunded', 'refunded'])
  })
})

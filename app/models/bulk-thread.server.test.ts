import { eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, test, vi } from 'vitest'
import { db, sqlite } from '../../db/client'
import { orders } from '../../db/schema'
import { makeOrder, makeProduct, makeUser } from '../../server/factories'
import { makeRefs } from '../../tests/api'
import {
  BULK_THREAD_MESSAGES,
  bulkThreadRunning,
  offThread,
  stopBulkThread,
} from './bulk-thread.server'
import { countOnce } from './paginate.server'
import { dataVersionOf } from './versions.server'

afterAll(() => stopBulkThread())

describe('the bulk thread', () => {
  test('runs the bulk change with its own connection; the main thread’s counts see the write', async () => {
    const [pmm, pm] = await Promise.all([makeUser({ role: 'pmm' }), makeUser({ role: 'pm' })])
    const product = await makeProduct(pmm, makeRefs(), { limitPerDay: 50, limit: 50 } as never)
    const stamp = Date.now().toString(36)
    const mine = [1, 2, 3].map((i) =>
      makeOrder({ product, user: pm, orderNumber: `THREAD-${stamp}-${i}` }),
    )
    const deliveredQuery = () =>
      db
        .select({ n: sql<number>`count(*)` })
        .from(orders)
        .where(sql`${orders.productId} = ${product.id} and ${orders.statusId} = 'delivered'`)
    const delivered = () => countOnce(deliveredQuery())
    expect(delivered()).toBe(0)
    const version = dataVersionOf(deliveredQuery().toSQL().sql)
    const result = await offThread(
      'bulkChangeOrderStatus',
      { id: pmm.id, role: pmm.role },
      { target: { ids: mine.map((o) => o.id) }, statusId: 'delivered' },
    )
    expect(result).toMatchObject({
      ok: true,
      changed: 3,
      message: 'Status set to Delivered on 3 orders.',
    })
    expect(dataVersionOf(deliveredQuery().toSQL().sql)).toBeGreaterThan(version)
    expect(delivered()).toBe(3)
    if (!result.ok) throw new Error('refused')
    // Dates come back as Dates.
    expect(result.undoUntil).toBeInstanceOf(Date)
    const undone = await offThread(
      'undoBulkStatus',
      { id: pmm.id, role: pmm.role },
      result.batchId!,
    )
    expect(undone).toEqual({
      ok: true,
      undone: 3,
      message: 'Undone: 3 orders are back to their previous status.',
    })
    expect(delivered()).toBe(0)
    const status = db.select({ s: orders.statusId }).from(orders).where(eq(orders.id, mine[0]!.id))
    expect(status.get()?.s).toBe('ordered')
  })

  test('a refusal comes back as the model words it', async () => {
    const pmm = await makeUser({ role: 'pmm' })
    const ids = Array.from({ length: 501 }, (_, i) => i + 1)
    expect(
      await offThread(
        'bulkChangeOrderStatus',
        { id: pmm.id, role: pmm.role },
        { target: { ids }, statusId: 'delivered' },
      ),
    ).toEqual({
      ok: false,
      code: 'invalid',
      field: 'orders',
      message:
        'At most 500 orders can be changed at once; 501 are selected. Narrow the filters or select fewer orders.',
      fieldErrors: {
        orders: [
          'At most 500 orders can be changed at once; 501 are selected. Narrow the filters or select fewer orders.',
        ],
      },
    })
    const pm = await makeUser({ role: 'pm' })
    expect(await offThread('undoBulkStatus', { id: pm.id, role: pm.role }, 999_999)).toMatchObject({
      ok: false,
      code: 'not_found',
      message: 'No such bulk change.',
    })
  })

  test('a call whose thread stops answers that nothing was changed, and the next one starts another', async () => {
    await stopBulkThread()
    const pmm = await makeUser({ role: 'pmm' })
    const pending = offThread('undoBulkStatus', { id: pmm.id, role: pmm.role }, 1)
    await stopBulkThread()
    expect(await pending).toEqual({
      ok: false,
      code: 'conflict',
      message: BULK_THREAD_MESSAGES.stopped,
    })
    expect(
      await offThread('undoBulkStatus', { id: pmm.id, role: pmm.role }, 999_999),
    ).toMatchObject({ ok: false, message: 'No such bulk change.' })
  })

  test('arguments that cannot be copied to the thread: the same clear answer, no error page', async () => {
    const pmm = await makeUser({ role: 'pmm' })
    const notCopyable = (() => 1) as never
    expect(await offThread('undoBulkStatus', pmm, notCopyable)).toEqual({
      ok: false,
      code: 'conflict',
      message: BULK_THREAD_MESSAGES.stopped,
    })
  })

  test('the database busy past busy_timeout: the thread answers so, and nothing is changed', async () => {
    const [pmm, pm] = await Promise.all([makeUser({ role: 'pmm' }), makeUser({ role: 'pm' })])
    const product = await makeProduct(pmm, makeRefs(), { limitPerDay: 5, limit: 5 } as never)
    const order = makeOrder({ product, user: pm, orderNumber: `BUSY-${Date.now().toString(36)}` })
    // Another writer holds the write lock for longer than the thread's 5 s busy_timeout.
    sqlite.prepare('begin immediate').run()
    try {
      expect(
        await offThread(
          'bulkChangeOrderStatus',
          { id: pmm.id, role: pmm.role },
          { target: { ids: [order.id] }, statusId: 'delivered' },
        ),
      ).toEqual({ ok: false, code: 'conflict', message: BULK_THREAD_MESSAGES.busy })
    } finally {
      sqlite.prepare('rollback').run()
    }
    const status = db.select({ s: orders.statusId }).from(orders).where(eq(orders.id, order.id))
    expect(status.get()?.s).toBe('ordered')
  })

  test('a thread idle for two minutes stops, and the next change starts another', async () => {
    const pmm = await makeUser({ role: 'pmm' })
    const missing = () => offThread('undoBulkStatus', { id: pmm.id, role: pmm.role }, 999_998)
    const answer = { ok: false, message: 'No such bulk change.' }
    // Started on the real clock (loading it waits on timers), then its idle countdown on a fake one.
    expect(await missing()).toMatchObject(answer)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      expect(await missing()).toMatchObject(answer)
      vi.advanceTimersByTime(2 * 60_000 - 1)
      expect(bulkThreadRunning()).toBe(true)
      vi.advanceTimersByTime(1)
      expect(bulkThreadRunning()).toBe(false)
    } finally {
      vi.useRealTimers()
    }
    expect(await missing()).toMatchObject(answer)
    expect(bulkThreadRunning()).toBe(true)
  })
})

import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { and, eq, sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { db } from '../../db/client'
import { reservations } from '../../db/schema'
import { makeOrder, makeProduct, makeUser } from '../../db/factories'
import { insertCategory, insertChineseSeller, insertMarket } from './lookup.server'
import { unwrap } from './result'
import { listProducts } from './product.server'
import { RESERVE_MESSAGES } from './reservation.server'

const run = promisify(execFile)

test('50 pms in 5 processes race for 7 units left today: exactly 7 win, nobody oversells', async () => {
  const refs = {
    marketId: insertMarket('Race Market', 'RACE').id,
    categoryId: insertCategory('Race').id,
    chineseSellerId: insertChineseSeller('竞赛卖家').id,
  }
  const pmm = await makeUser({ role: 'pmm' })
  const product = await makeProduct(pmm, refs, { limitPerDay: 10, limit: 1000 })
  const early = await makeUser({ role: 'pm' })
  for (let i = 0; i < 3; i++) makeOrder({ product, user: early }) // 7 left today
  const marketers = await Promise.all(Array.from({ length: 50 }, () => makeUser({ role: 'pm' })))

  const startAt = Date.now() + 2500
  const outputs = await Promise.all(
    [0, 1, 2, 3, 4].map((w) =>
      run(
        process.execPath,
        [
          '--import',
          'tsx',
          'tests/reserve-worker.ts',
          String(product.pId),
          String(startAt),
          ...marketers.slice(w * 10, w * 10 + 10).map((u) => String(u.id)),
        ],
        { env: process.env, timeout: 30_000 },
      ),
    ),
  )
  const results = outputs.flatMap(
    (o) => JSON.parse(o.stdout) as Array<{ status: number; message: string }>,
  )
  expect(results).toHaveLength(50)
  expect(results.filter((r) => r.status === 201)).toHaveLength(7)
  const refused = results.filter((r) => r.status !== 201)
  expect(refused).toHaveLength(43)
  expect(new Set(refused.map((r) => `${r.status} ${r.message}`))).toEqual(
    new Set([`409 ${RESERVE_MESSAGES.todayFull}`]),
  )
  const held = db
    .select({ n: sql<number>`count(*)` })
    .from(reservations)
    .where(and(eq(reservations.productId, product.id), eq(reservations.status, 'active')))
    .get()?.n
  expect(held).toBe(7)
  expect(unwrap(listProducts(pmm, 'catalog')).rows[0].todayRemaining).toBe(0)
}, 60_000)

import { spawn } from 'node:child_process'
import { and, eq, sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { db } from '../../db/client'
import { reservations } from '../../db/schema'
import { makeOrder, makeProduct, makeUser } from '../../server/factories'
import { insertCategory, insertChineseSeller, insertMarket } from './lookup.server'
import { unwrap } from '~/core/result'
import { listProducts } from './product.server'
import { RESERVE_MESSAGES } from './reservation.server'

/** A worker process reserving for `userIds`; `ready` settles once it waits for the go. */
function worker(pId: string, userIds: number[]) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/reserve-worker.ts', pId, ...userIds.map(String)],
    { env: process.env, stdio: ['pipe', 'pipe', 'pipe'] },
  )
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
  const failed = (code: number | null) => new Error(`worker exited ${code}: ${stderr}`)
  const ready = new Promise<void>((resolve, reject) => {
    child.stderr.on('data', (chunk) => {
      stderr += chunk
      if (stderr.includes('ready\n')) resolve()
    })
    void exited.then((code) => reject(failed(code)))
  })
  const done = exited.then((code) => {
    if (code !== 0) throw failed(code)
    return JSON.parse(stdout) as Array<{ status: number; message: string }>
  })
  return { ready, done, go: () => child.stdin.end('go\n') }
}

// No deadline inside: on a busy machine five processes may take long to start, so the race
// begins when all are ready, and only the suite's generous timeout bounds it.
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

  const workers = [0, 1, 2, 3, 4].map((w) =>
    worker(
      String(product.pId),
      marketers.slice(w * 10, w * 10 + 10).map((u) => u.id),
    ),
  )
  await Promise.all(workers.map((w) => w.ready))
  for (const w of workers) w.go()
  const results = (await Promise.all(workers.map((w) => w.done))).flat()
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
}, 300_000)

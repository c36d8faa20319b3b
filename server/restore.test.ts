import { describe, expect, test } from 'vitest'
import { databaseFile, db } from '../db/client'
import { eq } from 'drizzle-orm'
import { appMeta, orders } from '../db/schema'
import { insertMarket } from '../app/models/lookup.server'
import { makeUser } from './factories'
import { DEMO_SEEDED_AT, demoMark, holdsRealData } from './restore'
import { seedDemo } from './seed'

// A restore passes over a generation that a server seeded on an empty data directory and nobody
// used: it must tell such a database from one with real data.
describe('whether a database holds real data', () => {
  test('a fresh demo does not; a new account does', async () => {
    await seedDemo()
    expect(holdsRealData(databaseFile)).toBe(false)
    // A sign-in, a market or a category is not business data; an account is.
    insertMarket(`Market ${Date.now()}`, `M${Date.now() % 1000}`)
    expect(holdsRealData(databaseFile)).toBe(false)
    await makeUser({ role: 'pmm' })
    expect(holdsRealData(databaseFile)).toBe(true)
    // Without the demo's mark, any account is real data.
    db.delete(appMeta).run()
    expect(holdsRealData(databaseFile)).toBe(true)
  })

  test('a demo order changed after the seed is real data', async () => {
    const { sqlite } = await import('../db/client')
    db.delete(appMeta).run()
    db.insert(appMeta)
      .values({ key: DEMO_SEEDED_AT, value: JSON.stringify(demoMark(sqlite)) })
      .run()
    expect(holdsRealData(databaseFile)).toBe(false)
    const order = db.select({ id: orders.id }).from(orders).limit(1).get()!
    db.update(orders)
      .set({ remark: 'changed', updatedAt: new Date(Date.now() + 1000) })
      .where(eq(orders.id, order.id))
      .run()
    expect(holdsRealData(databaseFile)).toBe(true)
  })
})

import { count, gte, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { db } from '../db/client'
import { orders, products } from '../db/schema'
import { startOfBusinessDay } from '~/core/business-day.server'
import { LOGIN_DISABLED_MESSAGE, getUserByEmail, verifySignIn } from '~/models/user.server'
import { lateReservations, listReservations } from '~/models/reservation.server'
import { remainders } from '~/models/product.server'
import { reportCount, reportRange } from '~/models/report.server'
import { listScammers } from '~/models/scammer.server'
import { DEMO_PASSWORD } from './factories'
import { seedDemo } from './seed'

// The demo is seeded relative to its start: what a newcomer opens first has rows in it.
const now = new Date()
const user = (email: string) => getUserByEmail(email)!

beforeAll(async () => {
  await seedDemo(now)
})

describe('a fresh demo, seeded now', () => {
  test("has orders created today, in several statuses, on each demo account's lists", () => {
    const today = db
      .select({ status: orders.statusId, n: count() })
      .from(orders)
      .where(gte(orders.createdAt, startOfBusinessDay(now)))
      .groupBy(orders.statusId)
      .all()
    expect(today.length).toBeGreaterThanOrEqual(4)
    expect(today.reduce((sum, r) => sum + r.n, 0)).toBeGreaterThanOrEqual(6)
  })

  test("the report's default dates (today) hold orders for every demo account", () => {
    const range = reportRange({}, now)
    for (const email of [
      'admin@example.com',
      'pmm@example.com',
      'pmm2@example.com',
      'pm@example.com',
      'pm2@example.com',
    ]) {
      expect(reportCount(user(email), range), email).toBeGreaterThan(0)
    }
  })

  test('reservations: some held now, one about to expire, one still recordable as a late order', () => {
    const pm = user('pm@example.com')
    const held = listReservations(pm, {}, now).rows
    expect(held.length).toBeGreaterThanOrEqual(3)
    const soon = held.filter((r) => r.minutesLeft <= 5)
    expect(soon).toHaveLength(1)
    expect(held.some((r) => r.minutesLeft >= 30)).toBe(true)
    expect(listReservations(user('pm2@example.com'), {}, now).rows.length).toBeGreaterThan(0)
    expect(lateReservations(pm, now)).toHaveLength(1)
  })

  test("one published product's daily limit is used up today, and none is over its limits", () => {
    const rows = db
      .select({ status: products.status, ...remainders(sql`${products.id}`, now) })
      .from(products)
      .all()
    expect(rows.filter((p) => p.status === 'published' && p.todayRemaining === 0)).toHaveLength(1)
    expect(rows.every((p) => p.todayRemaining >= 0 && p.totalRemaining >= 0)).toBe(true)
  })

  test('a disabled account cannot sign in; the reported PayPal list has entries', async () => {
    expect(user('hamza.ali@example.com').isEnable).toBe(false)
    const signIn = await verifySignIn({
      email: 'hamza.ali@example.com',
      password: DEMO_PASSWORD,
    })
    expect(signIn).toMatchObject({ ok: false, message: LOGIN_DISABLED_MESSAGE })
    const scammers = listScammers(user('pmm@example.com'))
    expect(scammers.ok && scammers.total).toBeGreaterThanOrEqual(5)
  })
})

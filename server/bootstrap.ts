/** Start-up: migrations (run by the client on open), demo data on an empty database, the admin. */
import { count, eq } from 'drizzle-orm'
import { sweepPictures } from '../app/models/picture.server'
import { releaseReportExports } from '../app/models/report.server'
import { normaliseScammerList } from '../app/models/scammer.server'
import { purgeExpiredSessions } from '../app/models/session.server'
import { unwrap } from '../app/core/result'
import { createUser, getUserByEmail, purgeOldLoginFailures } from '../app/models/user.server'
import { env } from '../app/core/env.server'
import { databaseFile, db, migrations } from '../db/client'
import { users } from '../db/schema'
import { DEMO_PASSWORD } from '../server/factories'
import { DEMO_ACCOUNTS, seedDemo } from './seed'

/** Creates the admin named by ADMIN_EMAIL / ADMIN_PASSWORD unless that email exists. */
export async function ensureAdmin(email: string, password: string) {
  const existing = getUserByEmail(email)
  if (existing) return existing
  const created = await createUser({
    name: 'Administrator',
    email,
    password,
    role: 'admin',
    cnic: '',
    address: '',
    city: '',
    country: '',
    phone: '',
  })
  return unwrap(created).user
}

export async function bootstrap() {
  console.log(
    `Database ${databaseFile}: ${migrations.applied ? `${migrations.applied} migrations applied` : 'schema up to date'} (${migrations.total} in all).`,
  )
  // Before any worker serves: every list entry compares in the normalised form.
  normaliseScammerList()
  // No report is being written before the server starts: places left by a killed one go.
  releaseReportExports()
  const empty = (db.select({ n: count() }).from(users).get()?.n ?? 0) === 0
  if (empty && env.SEED_DEMO === '1') {
    const started = Date.now()
    const seeded = await seedDemo()
    console.log(
      `Seeded demo data: ${seeded.users} users, ${seeded.products} products, ${seeded.orders} orders, ${seeded.reservations} reservations, ${seeded.scammers} reported PayPal emails (${Date.now() - started} ms).`,
    )
  }
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) await ensureAdmin(env.ADMIN_EMAIL, env.ADMIN_PASSWORD)
  if (
    env.SEED_DEMO === '1' &&
    db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS[0].email)).get()
  ) {
    console.log(`Demo logins (password: ${DEMO_PASSWORD}):`)
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.role.padEnd(5)} ${a.email}`)
  }
}

/**
 * Tidies expired sessions and old sign-in failures every ten minutes. Runs in the primary process
 * only; at start it also removes the pictures and temporary files a crash left (in the
 * background: the server does not wait for it).
 */
export function startSweeper() {
  const sweep = () => {
    purgeExpiredSessions()
    purgeOldLoginFailures()
  }
  sweep()
  sweepPictures().catch((error: unknown) => console.error('Picture sweep failed:', error))
  const timer = setInterval(sweep, 10 * 60 * 1000)
  timer.unref()
  return () => clearInterval(timer)
}

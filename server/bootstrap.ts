/** Start-up: migrations (run by the client on open), demo data on an empty database, the admin. */
import { count, eq } from 'drizzle-orm'
import { sweepPictures } from '../app/models/picture.server'
import { purgeOldIdempotencyKeys } from '../app/models/idempotency.server'
import { releaseReportExports } from '../app/models/report.server'
import { normaliseScammerList } from '../app/models/scammer.server'
import { purgeExpiredSessions } from '../app/models/session.server'
import { unwrap } from '../app/core/result'
import { createUser, getUserByEmail, purgeOldLoginFailures } from '../app/models/user.server'
import { purgeExpiredPasskeyChallenges } from '../app/models/passkey.server'
import { env } from '../app/core/env.server'
import { databaseFile, db, migrations, refreshPlannerStatistics } from '../db/client'
import { users } from '../db/schema'

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
  if (env.SEED_DEMO === '1') await seedDemoData()
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) await ensureAdmin(env.ADMIN_EMAIL, env.ADMIN_PASSWORD)
}

/**
 * The demo data on an empty database, and the demo logins. Its modules (the factories draw
 * pictures with sharp) load only here: the server processes that import the sweeper from this
 * file never load them.
 */
async function seedDemoData() {
  const [{ DEMO_PASSWORD }, { DEMO_ACCOUNTS, seedDemo }] = await Promise.all([
    import('./factories'),
    import('./seed'),
  ])
  const empty = (db.select({ n: count() }).from(users).get()?.n ?? 0) === 0
  if (empty) {
    const started = Date.now()
    const seeded = await seedDemo()
    console.log(
      `Seeded demo data: ${seeded.users} users, ${seeded.products} products, ${seeded.orders} orders, ${seeded.reservations} reservations, ${seeded.scammers} reported PayPal emails (${Date.now() - started} ms).`,
    )
  }
  if (db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS[0].email)).get()) {
    console.log(`Demo logins (password: ${DEMO_PASSWORD}):`)
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.role.padEnd(5)} ${a.email}`)
  }
}

/**
 * How often the sweeper runs: expired sessions, old sign-in failures, idempotency keys and passkey
 * challenges, what a crash left, the planner's statistics.
 */
export const SWEEP_EVERY_MS = 5 * 60 * 1000

/**
 * Tidies expired sessions and old sign-in failures, refreshes the planner's statistics, and
 * removes the pictures and temporary files a killed process left (sweepPictures, which leaves
 * anything younger than a minute alone), at start and every SWEEP_EVERY_MS. Runs in the primary
 * process only; the picture sweep runs in the background (the server does not wait for it), one at
 * a time.
 */
export function startSweeper(every = SWEEP_EVERY_MS) {
  let sweepingFiles = false
  const sweep = () => {
    purgeExpiredSessions()
    purgeOldLoginFailures()
    purgeOldIdempotencyKeys()
    purgeExpiredPasskeyChallenges()
    // After migrations and the demo seed (bootstrap runs first), and as the tables grow: the
    // app's statements are planned on statistics of the data they read (performance.md, 60).
    refreshPlannerStatistics()
    if (sweepingFiles) return
    sweepingFiles = true
    sweepPictures()
      .catch((error: unknown) => console.error('Picture sweep failed:', error))
      .finally(() => (sweepingFiles = false))
  }
  sweep()
  const timer = setInterval(sweep, every)
  timer.unref()
  return () => clearInterval(timer)
}

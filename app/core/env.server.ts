import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

const EnvSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
  PORT: z.coerce.number().int().positive().default(3000),
  DATA_DIR: z.string().default('./data'),
  SESSION_SECRET: z.string().optional(),
  RESERVATION_MINUTES: z.coerce.number().int().positive().default(60),
  BUSINESS_TIMEZONE: z.string().default('UTC'),
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  SECURE_COOKIES: z.enum(['0', '1']).optional(),
  /** Megabytes of pictures one user (not an admin) may keep stored; product.md says 1 GB. */
  PICTURE_QUOTA_MB: z.coerce.number().positive().default(1024),
  /** `file:///path` or `s3://bucket/prefix`: continuous backup (core/backup-target.server.ts). */
  BACKUP_URL: z
    .string()
    .optional()
    .transform((url) => url?.trim() || undefined),
  /** A replication lag past this many seconds is a warning (dashboard, log) and fails /readyz. */
  BACKUP_LAG_WARNING_SECONDS: z.coerce.number().positive().default(60),
  /**
   * A download (report, list export) whose client has taken nothing for this many seconds is
   * ended, and its export place goes to the next (server/room.ts).
   */
  EXPORT_STALL_SECONDS: z.coerce.number().positive().default(15),
  /**
   * Measuring only (`npm run bench` BENCH_ONLY=charts, `npm run weigh`): `off` leaves the charts
   * out of the report page and the dashboards, to compare the same pages without them.
   */
  BENCH_REPORT_CHARTS: z.enum(['on', 'off']).default('on'),
  /**
   * The site's public origin (`https://desk.example.com`) when the server sits behind a proxy that
   * changes the Host; passkeys (decision 105) are bound to it. Unset: each request's own origin.
   */
  ORIGIN: z
    .string()
    .url()
    .optional()
    .transform((url) => (url ? new URL(url).origin : undefined)),
  /** Enables GET /metrics, answered only with this bearer token. */
  METRICS_TOKEN: z.string().optional(),
})

function readEnv() {
  const parsed = EnvSchema.safeParse(process.env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment:\n${problems.join('\n')}`)
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) }
}

export const env = readEnv()

/** Cookies are Secure in production unless SECURE_COOKIES=0 (plain-HTTP demo on localhost). */
export const secureCookies =
  env.SECURE_COOKIES === undefined ? env.NODE_ENV === 'production' : env.SECURE_COOKIES === '1'

/**
 * The secret that signs cookies: SESSION_SECRET when set, otherwise one generated once and kept
 * in the data directory so sessions survive restarts.
 */
export function sessionSecret(): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET
  const file = path.join(env.DATA_DIR, '.session-secret')
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch {
    fs.mkdirSync(env.DATA_DIR, { recursive: true })
    const secret = crypto.randomBytes(32).toString('hex')
    fs.writeFileSync(file, secret, { mode: 0o600 })
    return secret
  }
}

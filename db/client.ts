import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import { dataDir } from './paths'
import * as schema from './schema'

export type DB = BetterSQLite3Database<typeof schema>

/** What opening the database did to its schema: migrations applied now, and in all. */
type Migrations = { applied: number; total: number }
type Handle = { sqlite: Database.Database; db: DB; file: string; migrations: Migrations }

export { dataDir }

function open(): Handle {
  fs.mkdirSync(dataDir(), { recursive: true })
  const file = path.join(dataDir(), 'app.db')
  const sqlite = new Database(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('synchronous = NORMAL')
  // A 4 MB page cache per connection instead of better-sqlite3's 16 MB: each server process
  // filled its 16 MB at ten times today's data, and the pages it reads again come from the
  // system's file cache, shared by every process (docs/performance.md entry 48).
  sqlite.pragma('cache_size = -4000')
  // With a backup, Litestream checkpoints (at SQLite's usual 1000 pages): the app's own
  // checkpoints could race its WAL copy (see docs/decisions, backup-litestream-checkpoints).
  if (process.env.BACKUP_URL?.trim()) sqlite.pragma('wal_autocheckpoint = 0')
  const db = drizzle(sqlite, { schema })
  const count = (query: string) => (sqlite.prepare(query).get() as { n: number }).n
  const done = () =>
    count(`select count(*) as n from sqlite_master where name = '__drizzle_migrations'`)
      ? count('select count(*) as n from __drizzle_migrations')
      : 0
  const before = done()
  migrate(db, {
    migrationsFolder: process.env.MIGRATIONS_DIR ?? path.join(process.cwd(), 'db', 'migrations'),
  })
  const total = done()
  return { sqlite, db, file, migrations: { applied: total - before, total } }
}

// One connection per process and data directory, shared by server.ts and the Remix build.
const g = globalThis as typeof globalThis & { __reviewDeskDb?: Handle }
if (!g.__reviewDeskDb || g.__reviewDeskDb.file !== path.join(dataDir(), 'app.db')) {
  g.__reviewDeskDb = open()
}

export const db: DB = g.__reviewDeskDb.db
export const sqlite: Database.Database = g.__reviewDeskDb.sqlite
export const databaseFile = g.__reviewDeskDb.file
export const migrations: Migrations = g.__reviewDeskDb.migrations
export { schema }

/**
 * Keeps the query planner's statistics (`sqlite_stat1`) current, as SQLite advises for a
 * long-lived connection (`PRAGMA optimize`): every table whose statistics are missing, whose size
 * has moved far from them, or with an index never measured (a migration's) is measured again,
 * reading a bounded sample of it (0x10: SQLite's analysis limit; 0x10000: every table, not only
 * those this connection has read). About 1 ms when nothing is due; a first measure of 1.1 M
 * orders, 4.3 s. Run by the primary's sweeper, at start and every few minutes.
 */
export function refreshPlannerStatistics() {
  sqlite.pragma('optimize = 0x10012')
}

export function closeDb() {
  if (g.__reviewDeskDb?.sqlite.open) g.__reviewDeskDb.sqlite.close()
}

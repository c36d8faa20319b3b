import fs from 'node:fs'
import path from 'node:path'
import { expect, test, vi } from 'vitest'
import { env } from '~/core/env.server'
import { startSweeper } from './bootstrap'

// What a killed process left (a half-written picture, a file whose row never committed) goes
// without waiting for a restart: the sweeper runs again and again, not only at start.
test('leftovers older than a minute are removed by the next sweep, while the server runs', async () => {
  const folder = path.join(env.DATA_DIR, 'pictures', 'ab')
  fs.mkdirSync(folder, { recursive: true })
  const stop = startSweeper(200)
  try {
    // Left after the first sweep: a `.tmp` and a file no row names, both two minutes old.
    await new Promise((resolve) => setTimeout(resolve, 300))
    const old = new Date(Date.now() - 2 * 60_000)
    const leftovers = [
      `${'ab'.padEnd(64, '0')}-original.png.123.tmp`,
      `${'ab'.padEnd(64, '1')}-thumb.webp`,
    ]
    for (const name of leftovers) {
      fs.writeFileSync(path.join(folder, name), 'x')
      fs.utimesSync(path.join(folder, name), old, old)
    }
    // A fresh one may be a write under way: it stays.
    const fresh = `${'ab'.padEnd(64, '2')}-thumb.webp`
    fs.writeFileSync(path.join(folder, fresh), 'x')
    await vi.waitFor(() => expect(fs.readdirSync(folder)).toEqual([fresh]), {
      timeout: 10_000,
      interval: 100,
    })
  } finally {
    stop()
  }
})

// Production's database was never analyzed (the bench's was): the planner chose other plans for
// the searches there. The sweep measures the tables, at start and again as they grow.
test('the sweep gives the query planner statistics of every table, and again when a table grows', async () => {
  const { sqlite } = await import('../db/client')
  const insert = sqlite.prepare(
    `insert into users (name, email, password_hash, role, created_at, updated_at)
     values ('Stat', ?, '-', 'pm', 0, 0)`,
  )
  const add = (n: number, from: number) =>
    sqlite.transaction(() => {
      for (let i = from; i < from + n; i++) insert.run(`stat-${i}@example.test`)
    })()
  const measured = () =>
    sqlite
      .prepare(`select stat from sqlite_stat1 where tbl = 'users' and idx = 'users_email_unique'`)
      .pluck()
      .get() as string | undefined
  const statTable = () =>
    sqlite.prepare(`select count(*) from sqlite_master where name = 'sqlite_stat1'`).pluck().get()
  add(200, 0)
  // As a database the app has never measured (the sweep above did).
  sqlite.exec('drop table if exists sqlite_stat1; drop table if exists sqlite_stat4')
  expect(statTable()).toBe(0)

  startSweeper(60_000)()
  expect(measured()).toMatch(/^2\d\d 1$/)

  add(20_000, 200)
  startSweeper(60_000)()
  expect(Number(measured()!.split(' ')[0])).toBeGreaterThan(20_000)
})

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

import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import { freshDir, sparePort, startServer, type Server } from './servers'

/*
 * How the server behaves under a process manager: its own server (the built one, two processes),
 * on a port and data directory of its own, killed as an out-of-memory killer or `kill -9` would.
 */

function children(pid: number): number[] {
  try {
    return fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number)
  } catch {
    return []
  }
}

function alive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

test('the workers end with their primary, and a restarted server answers', async ({}, info) => {
  test.skip(info.project.name !== 'js', 'no browser involved: once is enough')
  test.setTimeout(120_000)
  const port = sparePort(8)
  const dataDir = freshDir('supervision')
  const env = { SEED_DEMO: '0', SESSION_SECRET: 'supervision-test' }
  const first = await startServer({ port, dataDir, env })
  let again: Server | undefined
  try {
    const workers = children(first.process.pid!)
    expect(workers).toHaveLength(2)

    // Only the primary is killed, as `kill -9` of its pid does.
    process.kill(first.process.pid!, 'SIGKILL')
    // Nobody is left serving the old code or holding the database.
    await expect.poll(() => workers.filter(alive), { timeout: 30_000 }).toEqual([])

    // What a process manager does next: start it again, at once, on the same data.
    again = await startServer({ port, dataDir, env })
    const response = await again.api.get('/login')
    expect(response.status()).toBe(200)
    expect(await response.text()).toContain('Sign in')
  } finally {
    await again?.kill('SIGTERM')
    await first.kill()
  }
})

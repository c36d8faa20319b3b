import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import { freePort, freshDir, sparePort, startServer, type Server } from './servers'

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

test('the server keeps answering when the reader of its logs goes away', async ({}, info) => {
  test.skip(info.project.name !== 'js', 'no browser involved: once is enough')
  test.setTimeout(120_000)
  const port = await freePort()
  const dataDir = freshDir('log-reader-gone')
  // Every request logged, as in production; the logs go to pipes this test reads, as a process
  // manager's or a container's log collector does.
  const env = { SEED_DEMO: '0', SESSION_SECRET: 'supervision-test', LOG_REQUESTS: '1' }
  const server = await startServer({ port, dataDir, env })
  try {
    const workers = children(server.process.pid!)
    expect(workers).toHaveLength(2)
    // The collector stops (restarted, crashed, its disk full): each later write to the server's
    // standard output or error fails (EPIPE).
    server.process.stdout!.destroy()
    server.process.stderr!.destroy()
    for (let i = 0; i < 20; i++) {
      const page = await server.api.get('/login')
      expect(page.status()).toBe(200)
      expect(await page.text()).toContain('Sign in')
      // Another logged line: a page that does not exist.
      expect((await server.api.get('/no-such-page')).status()).toBe(404)
    }
    // Nobody stopped: the same primary and the same two workers answered all of it.
    expect(alive(server.process.pid!)).toBe(true)
    expect(children(server.process.pid!)).toEqual(workers)
  } finally {
    await server.kill()
  }
})

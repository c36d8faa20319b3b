import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'

/*
 * How the server behaves under a process manager: its own server (the built one, two processes),
 * on a port and data directory of its own, killed as an out-of-memory killer or `kill -9` would.
 */

const PORT = Number(process.env.E2E_PORT ?? 3210) + 8

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

function startServer(dataDir: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['server-build/server.js'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      WEB_CONCURRENCY: '2',
      SEED_DEMO: '0',
      SESSION_SECRET: 'supervision-test',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    let out = ''
    server.stdout!.on('data', (chunk) => {
      out += chunk
      if (out.includes('Server listening')) resolve(server)
    })
    server.once('exit', (code) => reject(new Error(`the server exited (${code})`)))
  })
}

test('the workers end with their primary, and a restarted server answers', async ({}, info) => {
  test.skip(info.project.name !== 'js', 'no browser involved: once is enough')
  test.setTimeout(120_000)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'supervision-'))
  let again: ChildProcess | undefined
  try {
    const server = await startServer(dataDir)
    const workers = children(server.pid!)
    expect(workers).toHaveLength(2)

    server.kill('SIGKILL')
    // Nobody is left serving the old code or holding the database.
    await expect.poll(() => workers.filter(alive), { timeout: 30_000 }).toEqual([])

    // What a process manager does next: start it again, at once, on the same data.
    again = await startServer(dataDir)
    const response = await fetch(`http://127.0.0.1:${PORT}/login`)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('Sign in')
  } finally {
    if (again) {
      again.kill('SIGTERM')
      await new Promise((resolve) => again!.once('exit', resolve))
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
})

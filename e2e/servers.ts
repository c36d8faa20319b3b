import { execFile, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { promisify } from 'node:util'
import { expect, request, type APIRequestContext } from '@playwright/test'

/**
 * Servers a spec starts for itself (the built server, as production runs it), each in its own
 * process group so that a test can kill it and everything it started (workers, Litestream) at once,
 * as a lost machine would.
 */
export type Server = {
  url: string
  api: APIRequestContext
  process: ChildProcess
  log: () => string
  kill: (signal?: NodeJS.Signals) => Promise<void>
}

const BASE_PORT = Number(process.env.E2E_PORT ?? 3210)
/** The ports after the suite's own, for the servers a spec starts (offset 1..8). */
export const sparePort = (offset: number) => BASE_PORT + offset

export async function startServer(options: {
  port: number
  dataDir: string
  env?: Record<string, string>
  /** Where the server runs from (its build/ and server-build/): the project's own by default. */
  cwd?: string
}): Promise<Server> {
  let output = ''
  const child = spawn(process.execPath, ['server-build/server.js'], {
    detached: true,
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      SECURE_COOKIES: '0',
      SEED_DEMO: '1',
      LOG_REQUESTS: '0',
      WEB_CONCURRENCY: '2',
      ...options.env,
    },
  })
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://localhost:${options.port}`
  const api = await request.newContext({ baseURL: url })
  const server: Server = {
    url,
    api,
    process: child,
    log: () => output,
    async kill(signal = 'SIGKILL') {
      await api.dispose()
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid!, signal)
        } catch {
          // Gone already.
        }
      }
      await exited
      // The rest of the group (Litestream, workers) goes with a SIGKILL of the group; wait for it.
      await expect.poll(() => groupAlive(child.pid!), { timeout: 20_000 }).toBe(false)
    },
  }
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`The server exited:\n${output}`)
        const res = await api.get('/healthz').catch(() => undefined)
        return res?.status()
      },
      { timeout: 90_000, intervals: [250, 500, 1000] },
    )
    .toBe(200)
  return server
}

function groupAlive(pgid: number) {
  try {
    process.kill(-pgid, 0)
    return true
  } catch {
    return false
  }
}

const run = promisify(execFile)

/** `npm run restore` (without npm: the same command) with these variables. */
export async function restore(env: Record<string, string>) {
  return run(process.execPath, ['--import', 'tsx', 'scripts/restore.ts'], {
    env: { ...process.env, ...env },
    timeout: 120_000,
  })
}

/** A port no one listens on now (the system's choice), for a server only one test uses. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, 'localhost', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/** A fresh directory under e2e/.artifacts for this spec. */
export function freshDir(name: string) {
  const dir = path.resolve(import.meta.dirname, '.artifacts', `${name}-${BASE_PORT}`)
  fs.rmSync(dir, { recursive: true, force: true })
  return dir
}

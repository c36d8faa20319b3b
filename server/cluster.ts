import cluster from 'node:cluster'
import closeWithGrace from 'close-with-grace'
import { startSweeper } from './bootstrap'
import { closeDb } from '../db/client'
import { releaseReportExports } from '../app/models/report.server'
import { stopBackup } from './backup'
import { env, sessionSecret } from '../app/core/env.server'

/**
 * How a worker process runs (docs/performance.md, entries 40, 48, 51 and 56), unless the operator
 * set it: V8's young generation at most 8 MB a semi-space (Node 22 and 24 size it from the machine's
 * memory, up to 64 MB: two semi-spaces were 128 MB of a worker's RSS); no Maglev, V8's middle
 * compiler (a worker that starts under load compiled with it up to 20-60 MB at once, which malloc
 * kept: the worker's memory stayed that much higher for good), a full collection not before the
 * old generation holds 64 MB (with ~27 MB live, V8 set the limit at ~41 MB: a full collection
 * every ~230 requests, its pause and marking steps in the requests of that moment, the slowest
 * 1 % of them), and glibc's malloc in at most two
 * arenas (every thread that allocates, zlib's and the file reads' among them, had its own), each
 * block of 128 KB or more mapped on its own and so returned when freed, and the heap's free top
 * returned past 2 MB (glibc raises both thresholds as it goes, up to 32 and 64 MB: a report's or
 * a sort's large buffers stayed in the process after use).
 */
const MALLOC_DEFAULTS = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: String(128 * 1024),
  MALLOC_TRIM_THRESHOLD_: String(2 * 1024 * 1024),
}

export function workerRuntime(
  execArgv: readonly string[],
  environment: Record<string, string | undefined>,
) {
  const flags = [...execArgv, environment.NODE_OPTIONS ?? ''].join(' ')
  return {
    execArgv: [
      ...execArgv,
      ...(flags.includes('--max-semi-space-size') ? [] : ['--max-semi-space-size=8']),
      ...(flags.includes('maglev') ? [] : ['--no-maglev']),
      ...(flags.includes('--initial-old-space-size') ? [] : ['--initial-old-space-size=64']),
    ],
    env: Object.fromEntries(
      Object.entries(MALLOC_DEFAULTS).filter(([name]) => environment[name] === undefined),
    ),
  }
}

/**
 * The primary process: starts `count` workers (each runs server/app.ts), starts another when one
 * dies, sweeps expired sessions, and on SIGTERM stops the workers (each finishes its requests)
 * before closing the database.
 */
export function supervise(count: number) {
  const stopSweeper = startSweeper()
  let stopping = false
  // Without SESSION_SECRET the secret is made on first use and kept in DATA_DIR: make it here,
  // before the workers start, or two of them may each make their own and refuse the other's
  // cookies.
  sessionSecret()
  const runtime = workerRuntime(process.execArgv, process.env)
  cluster.setupPrimary({ execArgv: runtime.execArgv })
  const fork = () => cluster.fork(runtime.env)
  for (let i = 0; i < count; i++) fork()
  cluster.on('exit', (worker, code, signal) => {
    // The reports it was writing are over: their places are free for the other processes.
    if (worker.process.pid) releaseReportExports(worker.process.pid)
    if (stopping) return
    console.error(`Worker ${worker.process.pid} stopped (${signal ?? code}); starting another.`)
    fork()
  })
  // Said when the first worker listens: from then on the address answers (the others join it as
  // they start), so a user or a script that reads the line finds the server up.
  cluster.once('listening', () => {
    console.log(
      `Server listening on http://localhost:${env.PORT} (${count} processes, data in ${env.DATA_DIR})`,
    )
  })
  closeWithGrace({ delay: 15_000 }, async ({ err }) => {
    if (err) console.error(err)
    stopping = true
    stopSweeper()
    await Promise.all(
      Object.values(cluster.workers ?? {}).map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (!worker || worker.isDead()) return resolve()
            worker.once('exit', () => resolve())
            worker.process.kill('SIGTERM')
          }),
      ),
    )
    closeDb()
    await stopBackup()
  })
}

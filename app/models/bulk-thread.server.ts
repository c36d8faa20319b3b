/**
 * Runs a bulk change in the process's bulk thread (bulk-thread.worker.ts, decision 104), so its
 * one transaction (500 orders: 100-500 ms of JavaScript and SQLite) never holds the main thread:
 * other requests of the process go on being answered meanwhile. The thread is started on first
 * use and kept (one per process); it has its own SQLite connection, and WAL lets the main
 * connection read while it writes. What it writes bumps the data versions through the triggers in
 * the same transaction, so every memo of the main thread kept under them (`countOnce`,
 * `rowsOnce`, the anchors) reads again, as after any other write.
 *
 * The task answers its `Result` as the main thread would have: a refusal comes back as the same
 * message. An error the thread cannot answer (the database stayed busy, the thread stopped) is a
 * refusal with a clear message, never an error page.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { fail, type Failure } from '~/core/result'
import type { Role } from '../../db/schema'
import type { BulkTaskName, BulkTasks, ThreadCall, ThreadReply } from './bulk-thread.worker'

export const BULK_THREAD_MESSAGES = {
  busy: 'The database stayed busy, so nothing was changed. Please try again in a moment.',
  stopped:
    'The change could not be completed, so nothing was changed. Please reload the list and try again.',
} as const

/**
 * Where the thread's code is: beside this module in the sources (run through tsx, in development
 * and tests), else the server build's own entry (server-build/bulk-thread.js: beside this module
 * when it is part of the server build, under the working directory from the Remix build).
 */
function threadEntry(): { url: URL; execArgv?: string[] } {
  const here = import.meta.url
  if (/\.tsx?$/.test(here)) {
    const tsx = process.execArgv.some((a) => a.includes('tsx')) ? [] : ['--import', 'tsx']
    return {
      url: new URL('./bulk-thread.worker.ts', here),
      execArgv: [...process.execArgv, ...tsx],
    }
  }
  const beside = new URL('./bulk-thread.js', here)
  if (fs.existsSync(fileURLToPath(beside))) return { url: beside }
  return { url: pathToFileURL(path.resolve('server-build', 'bulk-thread.js')) }
}

/** The thread's young generation (V8 semi-spaces): its garbage is small and short-lived. */
const YOUNG_GENERATION_MB = 16

/**
 * A thread left idle this long stops (its ~50 MB come back to the process); the next selection
 * form or change starts another. Two minutes: a manager's bulk change and its Undo, or a few in a
 * row, find it running.
 */
const IDLE_STOP_MS = 2 * 60_000
let idleTimer: NodeJS.Timeout | undefined

/** (Re)starts the idle countdown: the thread stops after IDLE_STOP_MS without a task. */
function stopWhenIdle() {
  clearTimeout(idleTimer)
  idleTimer = setTimeout(() => {
    if (pending.size || !thread) return
    const idle = thread
    thread = null
    void idle.terminate()
  }, IDLE_STOP_MS)
  idleTimer.unref()
}

/** A call awaiting its answer, and the thread it was sent to (a stopped thread fails only its own). */
type Pending = { resolve: (value: unknown) => void; task: BulkTaskName; to?: Worker }

let thread: Worker | null = null
const pending = new Map<number, Pending>()
let nextId = 1

function start() {
  const entry = threadEntry()
  const started = new Worker(entry.url, {
    workerData: { bulkThread: true },
    execArgv: entry.execArgv,
    // V8's default young generation let the idle thread keep ~170 MB; 16 MB keeps it near 50 MB
    // of heap (RSS of a process with the thread 317 -> 173-197 MB) at the same speed.
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  })
  started.on('message', (reply: ThreadReply) => {
    const call = pending.get(reply.id)
    if (!call) return
    pending.delete(reply.id)
    if (!pending.size) {
      started.unref()
      stopWhenIdle()
    }
    if ('result' in reply) return call.resolve(reply.result)
    const { code, message, stack } = reply.error
    console.error(`Bulk thread: ${call.task} failed: ${stack ?? message}`)
    call.resolve(
      fail(
        'conflict',
        code === 'SQLITE_BUSY' ? BULK_THREAD_MESSAGES.busy : BULK_THREAD_MESSAGES.stopped,
      ),
    )
  })
  const stopped = (why: string) => {
    if (thread === started) thread = null
    // Its own calls only: a thread stopped when idle may exit after another has started.
    const own = [...pending].filter(([, call]) => call.to === started)
    if (own.length) console.error(`Bulk thread stopped (${why}).`)
    for (const [id, call] of own) {
      pending.delete(id)
      call.resolve(fail('conflict', BULK_THREAD_MESSAGES.stopped))
    }
  }
  started.on('error', (error) => stopped(error.message))
  started.on('exit', (code) => stopped(`exit code ${code}`))
  started.unref()
  return started
}

/**
 * Starts the thread if it is not running: a page that offers a bulk change of many rows (the
 * orders' selection form; the admin lists' few rows start it with the change) calls it, so that the change itself does not wait for the thread to load its modules
 * (about 350 ms on the bench machine). Otherwise the first call starts it. Not under Vitest: a
 * route test that loads a list does not need a thread loading the models through tsx.
 */
export function prepareBulkThread() {
  if (process.env.VITEST) return
  thread ??= start()
  stopWhenIdle()
}

/** A task's arguments after its first, the viewer. */
type TaskArgs<K extends BulkTaskName> =
  Parameters<BulkTasks[K]> extends [unknown, ...infer Rest] ? Rest : never

/**
 * `BULK_TASKS[task](viewer, ...args)` in the bulk thread: the same function and arguments (copied
 * as structured clones: plain objects, arrays, Dates), its answer as the function gives it. Every
 * task's first argument is the viewer, of whom the rules read the id and the role: those two are
 * what is sent, so a route passes its signed-in user as it is.
 */
export function offThread<K extends BulkTaskName>(
  task: K,
  viewer: { id: number; role: Role },
  ...args: TaskArgs<K>
): Promise<ReturnType<BulkTasks[K]> | Failure> {
  const id = nextId++
  const answer = new Promise<unknown>((resolve) => pending.set(id, { resolve, task }))
  try {
    thread ??= start()
    pending.get(id)!.to = thread
    // Kept alive while an answer is awaited (a script's last call), let go when idle.
    thread.ref()
    const sent = [{ id: viewer.id, role: viewer.role }, ...args]
    thread.postMessage({ id, task, args: sent } satisfies ThreadCall)
  } catch (error) {
    // The thread could not start, or the arguments cannot be copied to it.
    console.error(`Bulk thread: ${task} not sent (${(error as Error).message}).`)
    pending.get(id)?.resolve(fail('conflict', BULK_THREAD_MESSAGES.stopped))
    pending.delete(id)
  }
  return answer as Promise<ReturnType<BulkTasks[K]> | Failure>
}

/** Whether the process's bulk thread is running (started and not stopped since). */
export const bulkThreadRunning = () => thread !== null

/** Stops the thread (the server's shutdown; tests); the next call starts another. */
export async function stopBulkThread() {
  const running = thread
  thread = null
  await running?.terminate()
}

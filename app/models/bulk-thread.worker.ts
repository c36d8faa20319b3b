/**
 * The bulk thread's entry (decision 104): a thread of each server process with its own SQLite
 * connection (db/client.ts opens one per thread: WAL, busy_timeout), in which a bulk change runs
 * its one transaction while the process's main thread goes on answering other requests. It runs
 * the models' own functions, named in BULK_TASKS: the rules stay in one place, and the page, the
 * API and the unit tests call the same function in the main thread (`offThread`,
 * bulk-thread.server.ts, is how a route sends one here). Its own entry in the server build
 * (vite.server.config.ts), like the picture copier.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads'
import { setProductsStatus, setUsersEnabled, undoAdminBulk } from './admin-bulk.server'
import { bulkChangeOrderStatus, undoBulkStatus } from './order-bulk.server'

/** The model functions the thread runs, by name. Each answers a `Result` and never sees a Request. */
export const BULK_TASKS = {
  bulkChangeOrderStatus,
  undoBulkStatus,
  setProductsStatus,
  setUsersEnabled,
  undoAdminBulk,
} as const
export type BulkTasks = typeof BULK_TASKS
export type BulkTaskName = keyof BulkTasks

/** What the main thread asks: a task by name, with its arguments (structured-cloned). */
export type ThreadCall = { id: number; task: BulkTaskName; args: unknown[] }
/** The answer: the task's result, or the error it threw (its message and SQLite code). */
export type ThreadReply =
  | { id: number; result: unknown }
  | { id: number; error: { message: string; code?: string; stack?: string } }

if (!isMainThread && parentPort && (workerData as { bulkThread?: unknown })?.bulkThread) {
  const port = parentPort
  port.on('message', ({ id, task, args }: ThreadCall) => {
    try {
      const run = BULK_TASKS[task] as (...args: unknown[]) => unknown
      port.postMessage({ id, result: run(...args) } satisfies ThreadReply)
    } catch (error) {
      const e = error as Error & { code?: string }
      port.postMessage({
        id,
        error: { message: e.message, code: e.code, stack: e.stack },
      } satisfies ThreadReply)
    }
  })
}

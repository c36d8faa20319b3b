/**
 * The copy of every picture file to the backup, in a thread of the primary process that runs at a
 * lower priority than the workers serving requests (nice 10; on Linux each thread has its own), so
 * that under full load the copies wait for a spare moment instead of slowing requests down. Its
 * file work is done with synchronous calls, in this thread: Node's shared thread pool would run
 * it at the priority of the thread that started the pool. server/backup.ts starts it.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { pictureStore, type BackupTarget, type FileStore } from '../app/core/backup-target.server'

/** What the primary tells the thread. */
type Order = { add: string } | { sweep: true }
/**
 * What the thread tells the primary: the number of pictures waiting for a copy, and since when the
 * oldest of them has waited (epoch ms; null when none waits).
 */
type Report = { pending: number; oldest: number | null }

/**
 * Copies in flight at once. One upload to object storage is mostly waiting on the network (tens
 * of milliseconds per file): two at a time left 1,300 files waiting under order load (four files
 * a picture), sixteen keep up with what this machine can write.
 */
export const COPIES_IN_FLIGHT = 16

/**
 * Starts the thread copying the pictures of `dir` to the target; `pending()` is its latest count
 * of pictures waiting. The module is its own entry in the server build (vite.server.config.ts).
 */
export function startPictureCopier(target: BackupTarget, dir: string) {
  const built = import.meta.url.endsWith('.js')
  const thread = new Worker(
    new URL(built ? './picture-copier.js' : './picture-copier.ts', import.meta.url),
    {
      workerData: { target, dir },
    },
  )
  let last: Report = { pending: 0, oldest: null }
  thread.on('message', (report: Report) => (last = report))
  thread.on('error', (error) =>
    console.error(`Backup: the picture copier stopped (${error.message}).`),
  )
  thread.unref()
  const tell = (order: Order) => thread.postMessage(order)
  return {
    add: (name: string) => tell({ add: name }),
    pending: () => last.pending,
    /** Seconds the oldest waiting picture has waited (0 when none waits). */
    waitingSeconds: () => (last.oldest === null ? 0 : (Date.now() - last.oldest) / 1000),
    sweep: () => tell({ sweep: true }),
    stop: () => thread.terminate(),
  }
}

/**
 * Copies picture files to the store, a few at a time, trying again every few seconds while the
 * store cannot be reached. Names never change what they hold, so a name the store has is done.
 * Nothing is ever deleted from the store.
 */
export function pictureCopier(store: FileStore, dir: string, report: (report: Report) => void) {
  /** Each waiting name and when it began to wait (a Map keeps that order: the oldest first). */
  const pending = new Map<string, number>()
  const inFlight = new Set<string>()
  let active = 0
  let failing = false
  let retry: NodeJS.Timeout | undefined
  let reported: Report = { pending: -1, oldest: null }
  const tell = () => {
    const oldest = pending.size ? pending.values().next().value! : null
    if (pending.size === reported.pending && oldest === reported.oldest) return
    report((reported = { pending: pending.size, oldest }))
  }
  const pump = () => {
    tell()
    for (const name of pending.keys()) {
      if (active >= COPIES_IN_FLIGHT) return
      if (inFlight.has(name)) continue
      inFlight.add(name)
      active += 1
      void store
        .put(name, path.join(dir, name))
        .then(
          () => {
            pending.delete(name)
            if (failing) console.log('Backup: pictures are being copied again.')
            failing = false
          },
          (error: NodeJS.ErrnoException) => {
            // Gone from the data directory (removed as unreferenced): nothing left to copy.
            if (error.code === 'ENOENT' && error.path === path.join(dir, name)) {
              pending.delete(name)
              return
            }
            if (!failing) console.error(`Backup: cannot copy pictures (${error.message}).`)
            failing = true
            clearTimeout(retry)
            retry = setTimeout(pump, 5000)
          },
        )
        .finally(() => {
          inFlight.delete(name)
          active -= 1
          if (failing) tell()
          else pump()
        })
    }
  }
  const sweep = async (): Promise<void> => {
    try {
      const [local, copied] = await Promise.all([localPictures(dir), store.list()])
      const now = Date.now()
      for (const name of local) if (!copied.has(name) && !pending.has(name)) pending.set(name, now)
      pump()
    } catch (error) {
      console.error(
        `Backup: cannot compare pictures with the backup (${(error as Error).message}).`,
      )
      setTimeout(() => void sweep(), 30_000).unref()
    }
  }
  return {
    add(name: string) {
      if (!pending.has(name)) pending.set(name, Date.now())
      if (!failing) pump()
      else tell()
    },
    sweep: () => void sweep(),
  }
}

/** Every finished picture file under `dir` (temporary files of writes in progress left out). */
async function localPictures(dir: string) {
  const entries = await fs.promises
    .readdir(dir, { recursive: true, withFileTypes: true })
    .catch(() => [])
  return entries
    .filter((e) => e.isFile() && !e.name.endsWith('.tmp'))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
}

if (!isMainThread && parentPort && (workerData as { dir?: unknown })?.dir) {
  const port = parentPort
  const { target, dir } = workerData as { target: BackupTarget; dir: string }
  try {
    os.setPriority(10)
  } catch {
    // Not allowed here: copies at the same priority as requests.
  }
  const copier = pictureCopier(pictureStore(target), dir, (report) => port.postMessage(report))
  port.on('message', (order: Order) => {
    if ('add' in order) copier.add(order.add)
    else copier.sweep()
  })
}

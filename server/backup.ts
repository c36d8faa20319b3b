/**
 * Continuous backup, run by the primary process when BACKUP_URL is set: Litestream as a
 * supervised child process replicating app.db, the copy of every picture file, and the state both
 * are in (lag, pictures waiting), which workers ask for over IPC.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import readline from 'node:readline'
import { dataDir, sqlite } from '../db/client'
import { answerWorkers, hearWorkers } from '../app/core/ask-primary.server'
import { backupLagLimit, type BackupStatus } from '../app/core/backup.server'
import { backupTarget } from '../app/core/backup-target.server'
import { startPictureCopier } from './picture-copier'
import { litestreamCommand, writeLitestreamConfig } from './litestream'

let stop = async () => {}

/**
 * Stops the backup: Litestream syncs what it has and exits. Called after the database is closed,
 * so that Litestream, not the app, holds the last connection and the WAL it tracks is left alone.
 */
export const stopBackup = () => stop()

/** Starts the backup when BACKUP_URL is set. */
export async function startBackup() {
  const target = backupTarget()
  if (!target) return
  const dbFile = path.join(dataDir(), 'app.db')
  const metricsPort = await freePort()
  const config = writeLitestreamConfig(target, dbFile, metricsPort)
  const pidFile = path.join(dataDir(), '.litestream.pid')
  await stopOrphan(pidFile)
  const litestream = superviseLitestream(config, pidFile)
  const replication = watchReplication(metricsPort, dbFile, litestream)
  const pictures = startPictureCopier(target, path.join(dataDir(), 'pictures'))

  hearWorkers('backup:picture', (name) => {
    if (typeof name === 'string') pictures.add(name)
  })
  answerWorkers('backup:status', (): BackupStatus => {
    const database = replication.state()
    const picturesWaitingSeconds = Math.round(pictures.waitingSeconds() * 10) / 10
    return {
      ...database,
      picturesPending: pictures.pending(),
      picturesWaitingSeconds,
      litestreamRunning: litestream.running(),
      // A picture not copied is lost with the machine as surely as a write not replicated.
      lagging: database.lagging || picturesWaitingSeconds > backupLagLimit(),
    }
  })
  pictures.sweep()
  console.log(`Backup on: replicating to ${target.url}`)

  stop = async () => {
    replication.stop()
    await pictures.stop()
    await litestream.stop()
    await fs.rm(path.dirname(config), { recursive: true, force: true })
  }
}

/** Runs `litestream replicate`, starts it again when it exits, stops it on request. */
function superviseLitestream(config: string, pidFile: string) {
  let child: ChildProcess | undefined
  let stopping = false
  let failures = 0
  let timer: NodeJS.Timeout | undefined
  const start = () => {
    const started = Date.now()
    child = spawn(...litestreamCommand(['replicate', '-config', config]), {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    if (child.pid) void fs.writeFile(pidFile, String(child.pid))
    // Litestream logs each segment it writes; only its warnings and errors reach our log.
    for (const stream of [child.stdout!, child.stderr!]) {
      readline.createInterface({ input: stream }).on('line', (line) => {
        if (/level=(WARN|ERROR)/.test(line)) console.error(`litestream: ${line}`)
      })
    }
    child.on('error', (error) => console.error(`litestream could not start: ${error.message}`))
    child.on('exit', (code, signal) => {
      child = undefined
      if (stopping) return
      failures = Date.now() - started > 60_000 ? 1 : failures + 1
      const wait = Math.min(1000 * 2 ** (failures - 1), 30_000)
      console.error(`litestream stopped (${signal ?? code}); starting it again in ${wait} ms.`)
      timer = setTimeout(start, wait)
    })
  }
  start()
  return {
    running: () => Boolean(child && child.exitCode === null),
    async stop() {
      stopping = true
      clearTimeout(timer)
      const running = child
      if (!running || running.exitCode !== null) return
      // On SIGTERM Litestream syncs what it has and exits.
      await new Promise<void>((resolve) => {
        const kill = setTimeout(() => running.kill('SIGKILL'), 10_000)
        running.once('exit', () => {
          clearTimeout(kill)
          resolve()
        })
        running.kill('SIGTERM')
      })
      await fs.rm(pidFile, { force: true })
    },
  }
}

/**
 * Stops a Litestream left running by a primary that was killed (SIGKILL gives it no chance to stop
 * its child, and Litestream does not notice its parent is gone; it dies only at its next log line,
 * written to the pipe the primary read, and an idle database gives it none): two replicating one
 * database would write the replica at once. Only a process that is still a `litestream` is
 * signalled.
 */
async function stopOrphan(pidFile: string) {
  const pid = Number(await fs.readFile(pidFile, 'utf8').catch(() => ''))
  if (!Number.isInteger(pid) || pid <= 0) return
  const isLitestream = async () =>
    (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).includes('litestream')
  if (!(await isLitestream())) return
  console.error(`Stopping the Litestream (pid ${pid}) left by the previous run.`)
  process.kill(pid, 'SIGTERM')
  for (let waited = 0; waited < 10_000 && (await isLitestream()); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  if (await isLitestream()) process.kill(pid, 'SIGKILL')
}

/**
 * The replication lag, from Litestream's own metrics: its shadow WAL (the local copy of the WAL it
 * replicates from, taken every second) against the position the replica has confirmed. When the
 * two are equal and Litestream has synced since the previous look, every write committed before
 * that previous look is in the replica: that moment is `replicatedThrough`, and the lag is the
 * time since it. While the replica cannot be written (or Litestream is down) the moment stays put
 * and the lag grows; an idle database stays caught up.
 */
function watchReplication(port: number, dbFile: string, litestream: { running(): boolean }) {
  const startedAt = Date.now()
  let replicatedThrough: number | undefined
  let previous: { at: number; syncs: number } | undefined
  let warned = false
  let nudgedAt = 0
  const look = async () => {
    const at = Date.now()
    const figures = await litestreamFigures(port, dbFile).catch(() => undefined)
    if (!figures) {
      previous = undefined
    } else if (figures.replicaIndex === undefined) {
      // Litestream reports the replica's position only after it has written to it; a fresh
      // Litestream on an idle database has nothing to write. One small write (the one Litestream
      // itself makes to move the WAL on) gives it something, every ten seconds at most.
      if (at - nudgedAt > 10_000) {
        nudgedAt = at
        try {
          sqlite
            .prepare(
              'INSERT INTO _litestream_seq (id, seq) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET seq = seq + 1',
            )
            .run()
        } catch {
          // Litestream has not made its table yet: next time.
        }
      }
      previous = undefined
    } else {
      const caughtUp =
        figures.shadowIndex === figures.replicaIndex && figures.shadowSize === figures.replicaOffset
      if (caughtUp && previous && figures.syncs > previous.syncs) {
        replicatedThrough = Math.max(replicatedThrough ?? 0, previous.at)
      }
      previous = { at, syncs: figures.syncs }
    }
    const lag = lagSeconds()
    if (lag > backupLagLimit() && !warned) {
      warned = true
      console.error(
        `Backup lag: ${Math.round(lag)} s of writes are not in the replica yet${litestream.running() ? '' : ' (litestream is not running)'}.`,
      )
    } else if (lag <= backupLagLimit() && warned) {
      warned = false
      console.log('Backup lag: the replica has caught up.')
    }
  }
  const lagSeconds = () => (Date.now() - (replicatedThrough ?? startedAt)) / 1000
  let looking = false
  const timer = setInterval(() => {
    if (looking) return
    looking = true
    void look().finally(() => (looking = false))
  }, 1000)
  timer.unref()
  return {
    state: () => ({
      replicatedThrough: replicatedThrough ? new Date(replicatedThrough).toISOString() : null,
      lagSeconds: Math.round(lagSeconds() * 10) / 10,
      lagging: lagSeconds() > backupLagLimit(),
    }),
    stop: () => clearInterval(timer),
  }
}

/**
 * Litestream's sync count, its shadow WAL position and the replica's. The shadow WAL is a file per
 * index in Litestream's directory beside the database (`.app.db-litestream/generations/<generation>/
 * wal/<index>.wal`); its size is the position reached (the metric of that name adds up every
 * file of the generation).
 */
async function litestreamFigures(port: number, dbFile: string) {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(2000) })
  const text = await res.text()
  const figure = (name: string) => {
    const match = new RegExp(`^${name}\\{[^}]*\\} (\\S+)$`, 'm').exec(text)
    return match ? Number(match[1]) : NaN
  }
  const shadowIndex = figure('litestream_shadow_wal_index')
  const metaDir = path.join(path.dirname(dbFile), `.${path.basename(dbFile)}-litestream`)
  const generation = (await fs.readFile(path.join(metaDir, 'generation'), 'utf8')).trim()
  const shadowFile = `${shadowIndex.toString(16).padStart(8, '0')}.wal`
  const shadowSize = (
    await fs.stat(path.join(metaDir, 'generations', generation, 'wal', shadowFile))
  ).size
  const syncs = figure('litestream_sync_count')
  if (Number.isNaN(shadowIndex) || Number.isNaN(syncs)) return undefined
  const replicaIndex = figure('litestream_replica_wal_index')
  const replicaOffset = figure('litestream_replica_wal_offset')
  const replica = !Number.isNaN(replicaIndex) && !Number.isNaN(replicaOffset)
  return {
    shadowIndex,
    shadowSize,
    syncs,
    replicaIndex: replica ? replicaIndex : undefined,
    replicaOffset: replica ? replicaOffset : undefined,
  }
}

/** A port nobody listens on, for Litestream's metrics on the loopback. */
function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

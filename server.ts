/**
 * Starts the server: prepares the database (migrations, demo data on an empty one), then serves
 * from one process per core (WEB_CONCURRENCY to choose; development uses one). Worker processes
 * share the port; SQLite in WAL mode lets them read side by side and serialises their writes,
 * and everything a request relies on (sessions, sign-in limits, list versions) is in the database.
 */
import cluster from 'node:cluster'
import os from 'node:os'
import { backupTarget } from './app/core/backup-target.server'
import { env } from './app/core/env.server'
import { dataDir } from './db/paths'
import { keepServingWithoutLogs } from './server/logs.js'
import { refuseOldNode } from './server/node-version.js'

keepServingWithoutLogs()
// Before anything loads the database's native module (none of the imports above does; they read
// the environment, whose own errors come first).
refuseOldNode()

const processes =
  env.NODE_ENV === 'development'
    ? 1
    : Number(process.env.WEB_CONCURRENCY) || os.availableParallelism()

if (cluster.isPrimary) {
  // Before anything opens the database: a new machine with a backup starts from the backup.
  const { restoreAtStart } = await import('./server/restore')
  await restoreAtStart(backupTarget(), dataDir()).catch((error: Error) => {
    console.error(error.message)
    process.exit(1)
  })
  const { bootstrap } = await import('./server/bootstrap')
  await bootstrap()
  // Replication starts once migrations and demo data are in (server/backup.ts; off without BACKUP_URL).
  const { startBackup } = await import('./server/backup')
  await startBackup()
  const { stateMetrics } = await import('./server/metrics')
  stateMetrics()
}
if (cluster.isPrimary && processes > 1) {
  const { supervise } = await import('./server/cluster')
  supervise(processes)
} else {
  await import('./server/app')
}

/**
 * Starts the server: prepares the database (migrations, demo data on an empty one), then serves
 * from one process per core (WEB_CONCURRENCY to choose; development uses one). Worker processes
 * share the port; SQLite in WAL mode lets them read side by side and serialises their writes,
 * and everything a request relies on (sessions, sign-in limits, list versions) is in the database.
 */
import cluster from 'node:cluster'
import os from 'node:os'
import { bootstrap } from './server/bootstrap'
import { env } from './app/core/env.server'

const processes =
  env.NODE_ENV === 'development'
    ? 1
    : Number(process.env.WEB_CONCURRENCY) || os.availableParallelism()

if (cluster.isPrimary) {
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

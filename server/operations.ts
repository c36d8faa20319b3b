/**
 * The endpoints for whoever runs the app: /healthz (the process answers), /readyz (the database
 * answers and takes a write; with a backup, the replica is less than a minute behind).
 */
import express from 'express'
import { sqlite } from '../db/client'
import { metricsEndpoint } from './metrics'
import { backupEnabled, backupLagLimit, backupStatus } from '../app/core/backup.server'

export const READINESS_MESSAGES = {
  database: 'The database does not answer.',
  backupUnknown: 'The backup state is unknown.',
  backupLag: 'The backup replica is behind.',
  picturesLag: 'Pictures have waited too long to be copied to the backup.',
} as const

/** Whether the database answers a query and grants the write lock (then gives it back). */
function databaseAnswers() {
  try {
    sqlite.prepare('SELECT 1').get()
    sqlite.exec('BEGIN IMMEDIATE')
    sqlite.exec('ROLLBACK')
    return true
  } catch {
    if (sqlite.inTransaction) sqlite.exec('ROLLBACK')
    return false
  }
}

export function operations() {
  const router = express.Router()
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' })
  })
  router.get('/readyz', async (_req, res, next) => {
    try {
      const problems: string[] = []
      const database = databaseAnswers()
      if (!database) problems.push(READINESS_MESSAGES.database)
      const backup = await backupStatus()
      if (backupEnabled() && !backup) problems.push(READINESS_MESSAGES.backupUnknown)
      if (backup && backup.lagSeconds > backupLagLimit())
        problems.push(READINESS_MESSAGES.backupLag)
      if (backup && backup.picturesWaitingSeconds > backupLagLimit()) {
        problems.push(READINESS_MESSAGES.picturesLag)
      }
      res
        .status(problems.length ? 503 : 200)
        .set('Cache-Control', 'no-store')
        .json({ status: problems.length ? 'not ready' : 'ready', problems, backup })
    } catch (error) {
      next(error)
    }
  })
  router.get('/metrics', (req, res, next) => {
    metricsEndpoint(req, res).catch(next)
  })
  return router
}

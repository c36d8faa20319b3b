import { askPrimary, tellPrimary } from './ask-primary.server'
import { businessDateTime } from '~/core/business-day.server'
import { env } from '~/core/env.server'

/** What the primary process knows of the backup (server/backup.ts keeps it). */
export type BackupStatus = {
  /** Every write committed before this moment is in the replica (ISO time; null: not yet). */
  replicatedThrough: string | null
  /** Seconds since the oldest write that is not in the replica yet (0 when caught up). */
  lagSeconds: number
  picturesPending: number
  /** Seconds the oldest picture waiting for its copy has waited (0 when none waits). */
  picturesWaitingSeconds: number
  litestreamRunning: boolean
  /** The database's lag or the pictures' wait is past backupLagLimit(). */
  lagging: boolean
}

/**
 * A replication lag past this many seconds (BACKUP_LAG_WARNING_SECONDS, default 60) is a warning
 * on the admin dashboard and in the log, and makes /readyz answer 503.
 */
export const backupLagLimit = () => env.BACKUP_LAG_WARNING_SECONDS

export const backupEnabled = () => Boolean(env.BACKUP_URL)

/**
 * Hands a picture file that was just written (its name under the pictures directory) to the
 * backup, which copies it in the background. Does nothing when backups are off.
 */
export function pictureWritten(name: string) {
  if (backupEnabled()) tellPrimary('backup:picture', name)
}

/** The backup state, or null when backups are off (or the primary does not answer). */
export async function backupStatus(): Promise<BackupStatus | null> {
  if (!backupEnabled()) return null
  return (await askPrimary<BackupStatus>('backup:status')) ?? null
}

export const backupLagWarning = (seconds: number) =>
  `The backup is ${Math.round(seconds)} seconds behind: recent changes are not in the backup yet.`
export const picturesLagWarning = (count: number, seconds: number) =>
  `${count} ${count === 1 ? 'picture has' : 'pictures have'} not been copied to the backup yet; the oldest has waited ${Math.round(seconds)} seconds.`

/** The warning for the state: the database's lag first, then pictures waiting past the limit. */
export function backupWarning(status: BackupStatus) {
  if (status.lagSeconds > backupLagLimit()) return backupLagWarning(status.lagSeconds)
  if (status.picturesWaitingSeconds > backupLagLimit()) {
    return picturesLagWarning(status.picturesPending, status.picturesWaitingSeconds)
  }
  return null
}

/** What the admin dashboard shows of the backup; null when backups are off. */
export async function backupSummary() {
  if (!backupEnabled()) return null
  const status = await backupStatus()
  if (!status) {
    return { lastReplicated: null, picturesPending: null, warning: BACKUP_UNKNOWN_WARNING }
  }
  return {
    lastReplicated: status.replicatedThrough
      ? businessDateTime(new Date(status.replicatedThrough))
      : null,
    picturesPending: status.picturesPending,
    warning: backupWarning(status),
  }
}

export const BACKUP_UNKNOWN_WARNING = 'The backup state is unknown: the server does not answer.'

import { askPrimary, tellPrimary } from './ask-primary.server'

/** What the primary process knows of the backup (server/backup.ts keeps it). */
export type BackupStatus = {
  /** Every write committed before this moment is in the replica (ISO time; null: not yet). */
  replicatedThrough: string | null
  /** Seconds since the oldest write that is not in the replica yet (0 when caught up). */
  lagSeconds: number
  picturesPending: number
  litestreamRunning: boolean
}

/** A replication lag past this is a warning (dashboard, log) and makes /readyz answer 503. */
export const BACKUP_LAG_LIMIT_SECONDS = 60

export const backupEnabled = () => Boolean(process.env.BACKUP_URL?.trim())

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

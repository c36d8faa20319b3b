/**
 * `npm run restore`: rebuilds an empty DATA_DIR from BACKUP_URL (server/restore.ts): the database
 * from the Litestream generation with the newest real data, then every picture copied back.
 * Refuses a DATA_DIR that holds anything, prints what it restored and which generation, and checks
 * it: SQLite's integrity check and every picture row against its files; anything wrong is listed
 * and the exit status is 1. A restore that fails leaves DATA_DIR empty again, ready for a retry.
 */
import fs from 'node:fs'
import path from 'node:path'
import { backupTarget } from '../app/core/backup-target.server'
import { checkRestored, describeRestore, restoreDataDir } from '../server/restore'

const started = Date.now()
const dataDir = path.resolve(process.env.DATA_DIR || './data')
/** Set once DATA_DIR is ours to fill: a failure empties it again (no app.db.tmp left behind). */
const filling: { dir?: string } = {}

function fail(message: string): never {
  console.error(message)
  if (filling.dir) {
    for (const entry of fs.readdirSync(filling.dir)) {
      fs.rmSync(path.join(filling.dir, entry), { recursive: true, force: true })
    }
  }
  process.exit(1)
}

const target = (() => {
  try {
    return backupTarget()
  } catch (error) {
    return fail((error as Error).message)
  }
})()
if (!target) {
  fail('Set BACKUP_URL to the backup to restore from (file:///path or s3://bucket/prefix).')
}
if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
  fail(`${dataDir} is not empty. Restore only into an empty or missing data directory.`)
}
fs.mkdirSync(dataDir, { recursive: true })
filling.dir = dataDir

// A store that cannot be reached (or refuses the keys) is a sentence, not a stack trace.
const report = await restoreDataDir(target, dataDir).catch((error: unknown) =>
  fail(`Could not restore from ${target.url}: ${(error as Error).message ?? String(error)}`),
)
if (!report) fail(`Could not restore from ${target.url}: it holds no database backup.`)

const { lines, problems, ok } = describeRestore(report, checkRestored(dataDir))
console.log(
  `Restored ${dataDir} from ${target.url} in ${((Date.now() - started) / 1000).toFixed(1)} s:`,
)
for (const line of lines) console.log(line)
for (const line of problems) console.error(line)
if (!ok) process.exit(1)

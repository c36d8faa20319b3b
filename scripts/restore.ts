/**
 * `npm run restore`: rebuilds an empty DATA_DIR from BACKUP_URL: the database through
 * `litestream restore` (its latest state in the replica), then every picture copied back. Refuses
 * a DATA_DIR that holds anything, and prints what it restored.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import Database from 'better-sqlite3'
import {
  backupTarget,
  pictureStore,
  replicaStore,
  type BackupTarget,
} from '../app/core/backup-target.server'
import { litestreamBinary, writeLitestreamConfig } from '../server/litestream'

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

const run = promisify(execFile)
const started = Date.now()
const target = (() => {
  try {
    return backupTarget()
  } catch (error) {
    return fail((error as Error).message)
  }
})()
if (!target)
  fail('Set BACKUP_URL to the backup to restore from (file:///path or s3://bucket/prefix).')
const dataDir = path.resolve(process.env.DATA_DIR || './data')
if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
  fail(`${dataDir} is not empty. Restore only into an empty or missing data directory.`)
}
fs.mkdirSync(dataDir, { recursive: true })
const dbFile = path.join(dataDir, 'app.db')

/** `litestream restore` of the database from `from`; what Litestream said when it fails. */
async function restoreDb(from: BackupTarget) {
  const config = writeLitestreamConfig(from, dbFile)
  try {
    await run(litestreamBinary(), ['restore', '-config', config, '-o', dbFile, dbFile], {
      maxBuffer: 64 * 1024 * 1024,
    })
    return undefined
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string }
    return `${String(stderr ?? '')}${String(stdout ?? '')}`.trim() || (error as Error).message
  } finally {
    fs.rmSync(path.dirname(config), { recursive: true, force: true })
  }
}

/**
 * Some S3 stand-ins (s3rver) answer Litestream's delimited listing without the generations'
 * common prefixes, and Litestream then finds no backup. The replica's files are then fetched into
 * a temporary directory and Litestream restores from that copy.
 */
async function restoreDbThroughCopy(from: BackupTarget) {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'review-desk-replica-'))
  try {
    const replica = replicaStore(from)
    for (const name of await replica.list()) await replica.get(name, path.join(copy, 'db', name))
    return await restoreDb({ kind: 'file', url: `file://${copy}`, root: copy })
  } finally {
    fs.rmSync(copy, { recursive: true, force: true })
  }
}

/** Every picture file of the backup, copied back 16 at a time. */
async function restorePictures() {
  const store = pictureStore(target!)
  const names = [...(await store.list())]
  const picturesDir = path.join(dataDir, 'pictures')
  let next = 0
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < names.length) {
        const name = names[next++]!
        await store.get(name, path.join(picturesDir, name))
      }
    }),
  )
  return names
}

// The database and the pictures are independent: both at once.
const [failed, names] = await Promise.all([
  restoreDb(target).then(async (said) =>
    said?.includes('no matching backups found') && target.kind === 's3'
      ? restoreDbThroughCopy(target)
      : said,
  ),
  restorePictures(),
])
if (failed) fail(`Could not restore the database from ${target.url}: ${failed}`)

const sqlite = new Database(dbFile, { readonly: true })
const integrity = sqlite.pragma('integrity_check', { simple: true })
const countOf = (table: string) =>
  (sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n
const counts = {
  users: countOf('users'),
  products: countOf('products'),
  orders: countOf('orders'),
  pictures: countOf('pictures'),
}
sqlite.close()
console.log(
  `Restored ${dataDir} from ${target.url} in ${((Date.now() - started) / 1000).toFixed(1)} s:`,
)
console.log(
  `  ${counts.users} users, ${counts.products} products, ${counts.orders} orders, ${counts.pictures} pictures (${names.length} picture files)`,
)
console.log(`  integrity check: ${integrity}`)
if (integrity !== 'ok') process.exit(1)

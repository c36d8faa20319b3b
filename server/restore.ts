/**
 * Restoring DATA_DIR from the backup: the database through `litestream restore` (choosing the
 * generation with the newest real data), every picture file copied back, and a check of what came
 * back (SQLite's integrity check, every picture row against its files). `npm run restore`
 * (scripts/restore.ts) prints it; the server runs it at start when BACKUP_URL is set and there is
 * no database yet (Litestream's own advice for a container that starts before its restore), so
 * that it never seeds demo data over a backup that holds real data.
 *
 * Imports nothing that opens the database: it runs before the database client does.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import Database from 'better-sqlite3'
import { pictureStore, replicaStore, type BackupTarget } from '../app/core/backup-target.server'
import { PICTURE_VARIANTS, pictureFileName } from '../app/core/picture-files'
import { litestreamBinary, writeLitestreamConfig } from './litestream'
import { walGaps } from './wal-segments'

/** The app_meta key that holds when the demo data was seeded (server/seed.ts writes it). */
export const DEMO_SEEDED_AT = 'demo_seeded_at'

const run = promisify(execFile)

/** A Litestream generation of the replica: its id and the span of time it holds. */
export type Generation = { id: string; start: string; end: string }

export type RestoreReport = {
  generation: Generation
  /** Newer generations passed over, and why. */
  skipped: Array<{ generation: Generation; reason: string }>
  /** Gaps in the chosen generation's WAL: the writes after the first are not restored. */
  walGaps: string[]
  pictureFiles: number
}

/** Runs Litestream with a configuration for `from` and the database path `dbFile`. */
async function litestream(from: BackupTarget, dbFile: string, args: string[]) {
  const config = writeLitestreamConfig(from, dbFile)
  try {
    const { stdout } = await run(
      litestreamBinary(),
      [args[0]!, '-config', config, ...args.slice(1)],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    )
    return stdout
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string }
    const said = `${String(stderr ?? '')}${String(stdout ?? '')}`.trim()
    // Litestream logs `level=ERROR msg="failed to run" error="…"`: the reason is enough.
    const reason = /level=ERROR.*\berror="((?:[^"\\]|\\.)*)"/.exec(said)?.[1]
    throw new Error(reason ? `litestream: ${reason}` : said || (error as Error).message)
  } finally {
    fs.rmSync(path.dirname(config), { recursive: true, force: true })
  }
}

/** The replica's generations, the one with the latest writes first. */
async function generations(from: BackupTarget, placeholder: string): Promise<Generation[]> {
  const out = await litestream(from, placeholder, ['generations', placeholder])
  return out
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((cells) => cells.length >= 5)
    .map((cells) => ({ id: cells[1]!, start: cells[3]!, end: cells[4]! }))
    .sort((a, b) => b.end.localeCompare(a.end))
}

/** The tables whose rows are the business: a row the demo seed did not write is real data. */
export const DATA_TABLES = [
  'users',
  'products',
  'orders',
  'order_status_history',
  'reservations',
  'scammer_paypals',
] as const

/** What the demo seed leaves in app_meta: when it ended and the last row id it wrote per table. */
export type DemoMark = { at: string; lastIds: Record<(typeof DATA_TABLES)[number], number> }

/** The mark of a database whose demo data was just seeded (server/seed.ts stores it). */
export function demoMark(sqlite: Database.Database): DemoMark {
  const lastIds = Object.fromEntries(
    DATA_TABLES.map((table) => [
      table,
      (sqlite.prepare(`SELECT coalesce(max(id), 0) AS n FROM ${table}`).get() as { n: number }).n,
    ]),
  ) as DemoMark['lastIds']
  return { at: new Date().toISOString(), lastIds }
}

/**
 * Whether a restored database holds real data: a row the demo seed did not write (a row id past
 * the seed's last, an order changed after it), or, without demo data, any account at all. A
 * database a server seeded on an empty data directory and nobody used since holds none.
 */
export function holdsRealData(file: string) {
  const sqlite = new Database(file, { readonly: true })
  try {
    const get = (query: string, ...params: unknown[]) =>
      sqlite.prepare(query).get(...params) as Record<string, unknown> | undefined
    const hasMeta = get(`SELECT 1 AS v FROM sqlite_master WHERE name = 'app_meta'`)
    const raw = hasMeta && get('SELECT value FROM app_meta WHERE key = ?', DEMO_SEEDED_AT)?.value
    if (!raw) return Number(get('SELECT count(*) AS n FROM users')?.n) > 0
    const mark = JSON.parse(String(raw)) as DemoMark
    const newRows = DATA_TABLES.some(
      (table) =>
        Number(get(`SELECT coalesce(max(id), 0) AS n FROM ${table}`)?.n) >
        (mark.lastIds[table] ?? 0),
    )
    const changed = get(
      'SELECT 1 AS v FROM orders WHERE updated_at > ? LIMIT 1',
      Date.parse(mark.at),
    )
    return newRows || Boolean(changed)
  } finally {
    sqlite.close()
  }
}

/**
 * Some S3 stand-ins (s3rver) answer Litestream's delimited listing without the generations'
 * common prefixes, and Litestream then finds no backup. The replica's files are then fetched into
 * a temporary directory and Litestream reads that copy.
 */
async function readableReplica(target: BackupTarget, placeholder: string, work: string) {
  const found = await generations(target, placeholder)
  if (found.length > 0 || target.kind !== 's3') return { from: target, found }
  const replica = replicaStore(target)
  const names = await replica.list()
  if (names.size === 0) return { from: target, found }
  const copy = path.join(work, 'replica')
  for (const name of names) await replica.get(name, path.join(copy, 'db', name))
  const from: BackupTarget = { kind: 'file', url: `file://${copy}`, root: copy }
  return { from, found: await generations(from, placeholder) }
}

/**
 * Restores the database into `dbFile` from the generation with the newest real data (the newest
 * generation when none has any). Undefined when the replica holds no backup.
 */
async function restoreDatabase(target: BackupTarget, dbFile: string) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'review-desk-restore-'))
  try {
    // Litestream's commands name a database path; it need not hold anything.
    const placeholder = path.join(work, 'app.db')
    fs.writeFileSync(placeholder, '')
    const { from, found } = await readableReplica(target, placeholder, work)
    if (found.length === 0) return undefined
    const skipped: RestoreReport['skipped'] = []
    let chosen: { generation: Generation; file: string } | undefined
    for (const generation of found) {
      const file = path.join(work, `${generation.id}.db`)
      await litestream(from, placeholder, [
        'restore',
        '-generation',
        generation.id,
        '-o',
        file,
        placeholder,
      ])
      if (found.length === 1 || holdsRealData(file)) {
        chosen = { generation, file }
        break
      }
      skipped.push({ generation, reason: 'it holds only the demo data a server seeded' })
    }
    // None holds real data: the newest is what there is.
    if (!chosen) {
      const newest = found[0]!
      chosen = { generation: newest, file: path.join(work, `${newest.id}.db`) }
      skipped.length = 0
    }
    fs.mkdirSync(path.dirname(dbFile), { recursive: true })
    fs.copyFileSync(chosen.file, dbFile)
    const replica = replicaStore(from)
    const segment = path.join(work, 'segment')
    const gaps = await walGaps(chosen.generation.id, await replica.list(), async (name) => {
      await replica.get(name, segment)
      return fs.readFileSync(segment)
    })
    return { generation: chosen.generation, skipped, walGaps: gaps }
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
  }
}

/** Every picture file of the backup, copied back 16 at a time. */
async function restorePictures(target: BackupTarget, picturesDir: string) {
  const store = pictureStore(target)
  const names = [...(await store.list())]
  let next = 0
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < names.length) {
        const name = names[next++]!
        await store.get(name, path.join(picturesDir, name))
      }
    }),
  )
  return names.length
}

/**
 * Restores the database and the pictures of `target` into `dataDir` (both at once: they are
 * independent). Undefined when the replica holds no database backup (nothing is written then).
 */
export async function restoreDataDir(
  target: BackupTarget,
  dataDir: string,
): Promise<RestoreReport | undefined> {
  const dbFile = path.join(dataDir, 'app.db')
  const [database, pictureFiles] = await Promise.all([
    restoreDatabase(target, dbFile),
    restorePictures(target, path.join(dataDir, 'pictures')),
  ])
  if (!database) return undefined
  return { ...database, pictureFiles }
}

/**
 * At start, before the database is opened: with BACKUP_URL set and no database in DATA_DIR (a new
 * machine, a container started before its restore), the data directory is restored from the
 * replica when it holds a backup, and the start goes on on the restored data; demo data is seeded
 * only when the replica holds nothing. A replica that cannot be read stops the start: seeding a
 * demo there would become the replica's newest generation.
 */
export async function restoreAtStart(target: BackupTarget | undefined, dataDir: string) {
  if (!target || fs.existsSync(path.join(dataDir, 'app.db'))) return
  const started = Date.now()
  let report: RestoreReport | undefined
  try {
    report = await restoreDataDir(target, dataDir)
  } catch (error) {
    fs.rmSync(path.join(dataDir, 'app.db'), { force: true })
    throw new Error(
      `No database in ${dataDir}, and the backup at ${target.url} cannot be read (${(error as Error).message}). Not starting on an empty database, which would replace the backup's: fix the backup's address or credentials, or restore by hand (npm run restore).`,
    )
  }
  if (!report) return
  const { lines, problems } = describeRestore(report, checkRestored(dataDir))
  console.log(
    `No database in ${dataDir}: restored it from ${target.url} in ${((Date.now() - started) / 1000).toFixed(1)} s:`,
  )
  for (const line of lines) console.log(line)
  for (const line of problems) console.error(line)
}

/** What a restored data directory holds, and what is wrong with it. */
export function checkRestored(dataDir: string) {
  const sqlite = new Database(path.join(dataDir, 'app.db'), { readonly: true })
  try {
    const integrity = String(sqlite.pragma('integrity_check', { simple: true }))
    const countOf = (table: string) =>
      (sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n
    const counts = {
      users: countOf('users'),
      products: countOf('products'),
      orders: countOf('orders'),
      pictures: countOf('pictures'),
    }
    // Every picture row must have its files whole: a row without them is a proof picture lost.
    // The original is as long as the row says; a size is never empty.
    const picturesDir = path.join(dataDir, 'pictures')
    const rows = sqlite.prepare('SELECT id, format, bytes FROM pictures').all() as Array<{
      id: string
      format: string
      bytes: number
    }>
    const damaged: string[] = []
    const missing = rows.flatMap(({ id, format, bytes }) =>
      PICTURE_VARIANTS.flatMap((variant) => {
        const name = pictureFileName(id, variant, format)
        const size = fs.statSync(path.join(picturesDir, name), { throwIfNoEntry: false })?.size
        if (size === undefined) return [name]
        if (variant === 'original' ? size !== bytes : size === 0) {
          damaged.push(`${name} (${size} bytes${variant === 'original' ? ` of ${bytes}` : ''})`)
        }
        return []
      }),
    )
    const missingIds = [
      ...new Set([...missing, ...damaged].map((name) => path.basename(name).split('-')[0]!)),
    ]
    const ids = JSON.stringify(missingIds)
    const ordersWithout = missingIds.length
      ? (
          sqlite
            .prepare(
              `SELECT count(*) AS n FROM orders
                WHERE order_picture_id IN (SELECT value FROM json_each(?))
                   OR refund_picture_id IN (SELECT value FROM json_each(?))
                   OR review_picture_id IN (SELECT value FROM json_each(?))`,
            )
            .get(ids, ids, ids) as { n: number }
        ).n
      : 0
    return {
      integrity,
      counts,
      missing,
      damaged,
      missingPictures: missingIds.length,
      ordersWithout,
    }
  } finally {
    sqlite.close()
  }
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** The lines that say what a restore brought back and what is wrong with it. */
export function describeRestore(report: RestoreReport, check: ReturnType<typeof checkRestored>) {
  const { counts } = check
  const lines = [
    `  generation ${report.generation.id} (writes from ${report.generation.start} to ${report.generation.end})`,
    ...report.skipped.map(
      ({ generation, reason }) =>
        `  passed over the newer generation ${generation.id} (to ${generation.end}): ${reason}`,
    ),
    `  ${counts.users} users, ${counts.products} products, ${counts.orders} orders, ${counts.pictures} pictures (${report.pictureFiles} picture files)`,
    `  integrity check: ${check.integrity}`,
  ]
  const problems = report.walGaps.length
    ? [
        '  database: the replica is missing part of its WAL; the writes after the first gap are not restored:',
        ...report.walGaps.map((gap) => `    ${gap}`),
      ]
    : []
  const broken = [...check.missing, ...check.damaged]
  if (broken.length === 0) {
    lines.push(`  picture files: every picture row has its ${PICTURE_VARIANTS.length} files`)
  } else {
    const what = [
      check.missing.length ? `${check.missing.length} missing` : '',
      check.damaged.length ? `${check.damaged.length} damaged` : '',
    ].filter(Boolean)
    problems.push(
      `  picture files: ${what.join(', ')}, of ${plural(check.missingPictures, 'picture', 'pictures')} (${plural(check.ordersWithout, 'order shows', 'orders show')} one of them); the backup does not hold them whole:`,
      ...broken.slice(0, 20).map((name) => `    ${name}`),
      ...(broken.length > 20 ? [`    … and ${broken.length - 20} more`] : []),
    )
  }
  return {
    lines,
    problems,
    ok: check.integrity === 'ok' && broken.length === 0 && report.walGaps.length === 0,
  }
}

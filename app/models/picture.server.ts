import crypto from 'node:crypto'
import fsSync from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Metadata, OutputInfo, Sharp } from 'sharp'
import { and, asc, eq, gt, gte, lt, sql, type SQL } from 'drizzle-orm'
import { db } from '../../db/client'
import { orders, pictures, products, users, type Role } from '../../db/schema'
import { concurrencyLimit } from '~/core/concurrency'
import { pictureWritten } from '~/core/backup.server'
import { env } from '~/core/env.server'
import { PICTURE_VARIANTS, pictureFileName, type PictureVariant } from '~/core/picture-files'
import { failFields, type Result } from '~/core/result'
import { MEDIUM_BOX, SMALL_SHORT_SIDE } from './picture-sizes'
import { writeAs, type Tx } from './write.server'

export const MAX_PICTURE_BYTES = 5 * 1024 * 1024
export { PICTURE_VARIANTS, type PictureVariant }
type Resized = Exclude<PictureVariant, 'original'>

/**
 * sharp (libvips) is loaded with the first picture to decode: a process that only serves stored
 * pictures and pages never needs it (22 MB of memory each, docs/performance.md entry 46).
 */
const loadSharp = () => import('sharp').then((m) => m.default)

/**
 * The sizes made of every picture, as WebP: medium for a large view (800 px at most), small for
 * cards, detail and order pictures (320 px on its shorter side, sharp in a 320 px box and at twice
 * the density in a 160 px one), and a 50 by 50 thumbnail for table cells.
 */
const RESIZE: Record<Resized, (image: Sharp) => Sharp> = {
  medium: (image) =>
    image
      .resize(MEDIUM_BOX, MEDIUM_BOX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 }),
  small: (image) =>
    image
      .resize(SMALL_SHORT_SIDE, SMALL_SHORT_SIDE, { fit: 'outside', withoutEnlargement: true })
      .webp({ quality: 75 }),
  thumb: (image) => image.resize(50, 50, { fit: 'cover' }).webp({ quality: 60 }),
}
const RESIZED = Object.keys(RESIZE) as Resized[]
export type PictureKind = (typeof pictures.$inferSelect)['kind']

export const PICTURE_MISSING_MESSAGE = 'Please choose a picture.'
export const PICTURE_TOO_LARGE_MESSAGE =
  'The picture is larger than 5 MB. Please choose a smaller one.'
export const PICTURE_INVALID_MESSAGE =
  'This file is not a picture. Please choose a JPEG, PNG, WebP, GIF or AVIF image.'

const FORMATS = ['jpeg', 'png', 'webp', 'gif', 'avif'] as const
type Format = (typeof FORMATS)[number]
const MIME: Record<Format, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
}

/** A refused upload: its message is meant for the user. */
export class PictureError extends Error {}

/** Pixels per frame: any photo a phone takes, far fewer than a hostile header can declare. */
export const MAX_PICTURE_PIXELS = 40_000_000
/** Memory the decoded picture may take (every frame, channel and byte per sample). */
export const MAX_DECODED_BYTES = 100 * 1024 * 1024
export const PICTURE_TOO_MANY_PIXELS_MESSAGE =
  'This picture is too large to process. Please choose one under 40 megapixels.'
export const PICTURE_TOO_HEAVY_MESSAGE =
  'This picture is too large to process. Please choose a smaller one (fewer pixels or frames, or 8 bits per channel).'

// Bytes per sample of each libvips band format.
const SAMPLE_BYTES: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
}

// Decoding is the heavy part (CPU and memory): two at a time, the rest wait their turn.
const decodeSlot = concurrencyLimit(2)

/**
 * Refuses, from the header alone (cheap, before anything is decoded), a picture whose decoded
 * size would pass the budget: width × height × frames × channels × bytes per sample.
 */
function checkDecodeBudget(meta: Metadata, animated: boolean) {
  const width = meta.width ?? 0
  const height = meta.pageHeight ?? meta.height ?? 0
  if (width * height > MAX_PICTURE_PIXELS) throw new PictureError(PICTURE_TOO_MANY_PIXELS_MESSAGE)
  const frames = animated ? Math.max(meta.pages ?? 1, 1) : 1
  // GIF and palette images decode to RGBA whatever the header's channel count.
  const channels = Math.max(meta.channels ?? 4, meta.format === 'gif' ? 4 : 1)
  const bytes = width * height * frames * channels * (SAMPLE_BYTES[meta.depth ?? ''] ?? 8)
  if (bytes > MAX_DECODED_BYTES) throw new PictureError(PICTURE_TOO_HEAVY_MESSAGE)
}

/**
 * The accepted format of a picture, by its content. sharp names AVIF "heif" (compression av1);
 * other HEIF (HEVC, as iPhones write) is refused: it cannot be decoded here.
 */
export function pictureFormat(meta: Pick<Metadata, 'format' | 'compression'>): Format | undefined {
  if (meta.format === 'heif') return meta.compression === 'av1' ? 'avif' : undefined
  return FORMATS.find((f) => f === meta.format)
}

const dir = () => path.join(env.DATA_DIR, 'pictures')
const fileName = (id: string, variant: PictureVariant, format: string) =>
  path.join(dir(), pictureFileName(id, variant, format))

export function pictureUrl(id: string, variant: PictureVariant = 'medium') {
  return `/resources/pictures/${id}/${variant}`
}

export type PictureUrls = Record<PictureVariant, string>

/** The URL of each size of a stored picture (none for no picture). */
export function pictureUrls(id: string): PictureUrls
export function pictureUrls(id: string | null): PictureUrls | null
export function pictureUrls(id: string | null) {
  return id ? Object.fromEntries(PICTURE_VARIANTS.map((v) => [v, pictureUrl(id, v)])) : null
}

/**
 * The one function that creates a picture file (a backup copies each file right after this).
 * Readers see the whole file or none. Concurrent writes of one picture are safe: each has its own
 * temporary file, and the same content is renamed into place. The temporary file never outlives a
 * failed write (a full disk, something else standing at `file`).
 */
async function writeAtomic(file: string, data: Buffer) {
  await fs.mkdir(path.dirname(file), { recursive: true })
  const tmp = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`
  try {
    await fs.writeFile(tmp, data)
    await fs.rename(tmp, file)
  } catch (error) {
    await fs.rm(tmp, { force: true })
    throw error
  }
  pictureWritten(path.relative(dir(), file))
}

export type PreparedPicture =
  | {
      id: string
      /** Already stored when it was read: nothing decoded, the bytes kept in case it goes meanwhile. */
      existing: true
      input: Buffer
      kind: PictureKind
      uploadedBy?: number
    }
  | {
      id: string
      existing: false
      kind: PictureKind
      uploadedBy?: number
      format: Format
      width: number
      height: number
      original: Buffer
      resized: Record<Resized, Buffer>
    }

/**
 * The one picture pipeline, first half: checks size, then the decode budget from the header,
 * decodes the whole image (a renamed file or a truncated one is refused), strips metadata (EXIF, GPS) after applying its orientation, and makes
 * the original and each size of RESIZE, all in memory. Throws PictureError.
 */
export async function preparePicture(
  upload: File | Buffer | null | undefined,
  { kind, uploadedBy, decode }: { kind: PictureKind; uploadedBy?: number; decode?: boolean },
): Promise<PreparedPicture> {
  if (!upload) throw new PictureError(PICTURE_MISSING_MESSAGE)
  if (!Buffer.isBuffer(upload) && upload.type === TOO_LARGE_TYPE) {
    throw new PictureError(PICTURE_TOO_LARGE_MESSAGE)
  }
  const input = Buffer.isBuffer(upload) ? upload : Buffer.from(await upload.arrayBuffer())
  if (input.length === 0) throw new PictureError(PICTURE_MISSING_MESSAGE)
  if (input.length > MAX_PICTURE_BYTES) throw new PictureError(PICTURE_TOO_LARGE_MESSAGE)

  const id = crypto.createHash('sha256').update(input).digest('hex')
  if (!decode && getPicture(id)) return { id, existing: true, input, kind, uploadedBy }

  try {
    const sharp = await loadSharp()
    const options = { failOn: 'truncated', limitInputPixels: MAX_PICTURE_PIXELS } as const
    // The header only; without the pixel limit, which would make a huge picture "not a picture".
    const meta = await sharp(input, { failOn: 'truncated' }).metadata()
    const format = pictureFormat(meta)
    if (!format) throw new PictureError(PICTURE_INVALID_MESSAGE)
    const animated = format === 'gif' || format === 'webp'
    checkDecodeBudget(meta, animated)
    const { original, resized } = await decodeSlot(async () => {
      // sharp writes no metadata unless asked to; rotate() bakes the EXIF orientation in first.
      const original: { data: Buffer; info: OutputInfo } = await sharp(input, {
        ...options,
        animated,
      })
        .rotate()
        .toFormat(format)
        .toBuffer({ resolveWithObject: true })
      const resized = {} as Record<Resized, Buffer>
      for (const variant of RESIZED) {
        resized[variant] = await RESIZE[variant](sharp(input, options).rotate()).toBuffer()
      }
      return { original, resized }
    })
    return {
      id,
      existing: false,
      kind,
      uploadedBy,
      format,
      width: original.info.width,
      height: original.info.pageHeight ?? original.info.height,
      original: original.data,
      resized,
    }
  } catch (error) {
    if (error instanceof PictureError) throw error
    throw new PictureError(PICTURE_INVALID_MESSAGE)
  }
}

type Decoded = Extract<PreparedPicture, { existing: false }>

/** Second half: writes the files of a prepared picture under the data directory by content hash. */
async function writeFiles(prepared: Decoded) {
  const { id, format } = prepared
  await writeAtomic(fileName(id, 'original', format), prepared.original)
  for (const variant of RESIZED) {
    await writeAtomic(fileName(id, variant, format), prepared.resized[variant])
  }
}

const filesPresent = ({ id, format }: Decoded) =>
  PICTURE_VARIANTS.every((variant) => fsSync.existsSync(fileName(id, variant, format)))

function insertRow(tx: Tx, prepared: Decoded) {
  tx.insert(pictures)
    .values({
      id: prepared.id,
      kind: prepared.kind,
      format: prepared.format,
      width: prepared.width,
      height: prepared.height,
      bytes: prepared.original.length,
      uploadedBy: prepared.uploadedBy,
    })
    .onConflictDoNothing()
    .run()
}

/**
 * Stores a picture that no row points to yet (seed, factories, tests): the caller points a row at
 * it soon after, or the start-up sweep removes it. Pages and the API go through
 * `writeWithPictures` instead. Throws PictureError when the upload is refused.
 */
export async function storePicture(
  upload: File | Buffer | null | undefined,
  options: { kind: PictureKind; uploadedBy?: number },
): Promise<string> {
  const prepared = await preparePicture(upload, options)
  if (prepared.existing) return prepared.id
  await writeFiles(prepared)
  insertRow(db, prepared)
  return prepared.id
}

// ---------------------------------------------------------------------------------------------
// Storing pictures with the rows that show them, and removing those no row points to

export const STORAGE_LIMIT_MESSAGE = 'Storage limit reached. Please contact an admin.'

/** Who uploads: admins have no storage limit (product.md, Operations). */
type Uploader = { id: number; role: Role }
/** Prepared pictures by the form field they came in. */
export type Uploads = Partial<Record<string, PreparedPicture>>

/** Bytes a user may keep: PICTURE_QUOTA_MB, read at each upload. */
const storageLimit = () => env.PICTURE_QUOTA_MB * 1024 * 1024

/**
 * The refusal of an upload that would take the user past their storage limit, counted in the
 * originals' bytes of the pictures they stored (a picture already stored adds nothing).
 */
function overStorageLimit(tx: Tx, uploader: Uploader, uploads: Uploads) {
  if (uploader.role === 'admin') return null
  const added = Object.entries(uploads).filter((entry): entry is [string, Decoded] =>
    Boolean(entry[1] && !entry[1].existing && !pictureRow(tx, entry[1].id)),
  )
  if (added.length === 0) return null
  const stored =
    tx
      .select({ n: sql<number>`coalesce(sum(${pictures.bytes}), 0)` })
      .from(pictures)
      .where(eq(pictures.uploadedBy, uploader.id))
      .get()?.n ?? 0
  const adding = added.reduce((sum, [, p]) => sum + p.original.length, 0)
  if (stored + adding <= storageLimit()) return null
  return failFields('too_large', { [added[0]![0]]: [STORAGE_LIMIT_MESSAGE] })
}

const pictureRow = (tx: Tx, id: string) =>
  tx
    .select({ format: pictures.format, createdAt: pictures.createdAt })
    .from(pictures)
    .where(eq(pictures.id, id))
    .get()

/** True where some row (a user, a product, an order) points to the picture `id`. */
function referenced(id: SQL | string): SQL {
  return sql`(exists (select 1 from ${users} where ${users.profilePictureId} = ${id})
    or exists (select 1 from ${products} where ${products.imageId} = ${id})
    or exists (select 1 from ${products} where ${products.screenshotId} = ${id})
    or exists (select 1 from ${orders} where ${orders.orderPictureId} = ${id})
    or exists (select 1 from ${orders} where ${orders.refundPictureId} = ${id})
    or exists (select 1 from ${orders} where ${orders.reviewPictureId} = ${id}))`
}

/**
 * The one way pages and the API store pictures. Writes the files of new pictures, then, in one
 * write transaction as the uploader (`writeAs`: refused once the account is disabled), inserts
 * their rows and runs `write`, which points rows at every one of them (`ids`, by field) and
 * calls `release` with each picture it stops pointing to. Once that has committed, every picture
 * let go that no row points to is removed; when refused, the upload's own pictures too.
 *
 * Files are written before the transaction, so a picture removed meanwhile (same content, let go
 * by another request) is noticed inside it, where no removal can run, and written again.
 */
export async function writeWithPictures<T extends object>(
  uploader: Uploader,
  uploads: Uploads,
  write: (
    tx: Tx,
    ids: Record<string, string>,
    release: (id: string | null | undefined) => void,
  ) => Result<T>,
): Promise<Result<T>> {
  const candidates = new Set<string>()
  const ids: Record<string, string> = {}
  for (const [field, p] of Object.entries(uploads)) if (p) ids[field] = p.id
  const pins = Object.values(ids)
  for (const id of pins) storing.set(id, (storing.get(id) ?? 0) + 1)
  // Until the write commits, this upload's own pictures are candidates too (a refusal, a crash).
  let committed = false
  let current = uploads
  try {
    for (let attempt = 1; ; attempt++) {
      const over = overStorageLimit(db, uploader, current)
      if (over) return over
      for (const p of Object.values(current)) if (p && !p.existing) await writeFiles(p)
      let gone = false
      const result = writeAs(uploader, (tx) => {
        const over = overStorageLimit(tx, uploader, current)
        if (over) return over
        for (const p of Object.values(current)) {
          if (!p || pictureRow(tx, p.id)) continue
          if (p.existing || !filesPresent(p)) {
            gone = true
            return failFields('conflict', {})
          }
          insertRow(tx, p)
        }
        return write(tx, ids, (id) => void (id && candidates.add(id)))
      })
      if (!gone) {
        committed = result.ok
        return result
      }
      if (attempt >= 3) throw new Error('A picture was removed three times while it was stored.')
      current = Object.fromEntries(
        await Promise.all(
          Object.entries(current).map(async ([field, p]) => [
            field,
            p?.existing ? await preparePicture(p.input, { ...p, decode: true }) : p,
          ]),
        ),
      )
    }
  } finally {
    for (const id of pins) {
      const left = storing.get(id)! - 1
      if (left > 0) storing.set(id, left)
      else storing.delete(id)
    }
    removeUnreferenced(committed ? candidates : [...candidates, ...pins])
  }
}

/**
 * Pictures a request of this process is storing, with how many. Removal leaves them alone: the
 * last of those requests removes the picture itself when it is refused, and when it commits a row
 * points to it. (A request of another process notices a removal inside its transaction and writes
 * the files again.)
 */
const storing = new Map<string, number>()

/**
 * The one function that removes picture files: every size of picture `id` (of any format when
 * the row is already gone). Only here, inside a write transaction; never in a backup.
 */
function deletePictureFiles(id: string, format?: string) {
  const originals = format ? [format] : FORMATS
  const names = [
    ...originals.map((f) => fileName(id, 'original', f)),
    ...RESIZED.map((v) => fileName(id, v, 'webp')),
  ]
  for (const name of names) fsSync.rmSync(name, { force: true })
}

/**
 * Removes each picture no row points to: its row and its files, in one write transaction each, so
 * a request storing the same content either sees the row gone (and writes the files again) or
 * commits its row first (and the picture stays). With `before`, only rows made before then.
 */
export function removeUnreferenced(ids: Iterable<string>, before?: Date) {
  for (const id of new Set(ids)) {
    if (storing.has(id)) continue
    db.transaction(
      (tx) => {
        const row = pictureRow(tx, id)
        if (row) {
          if (before && row.createdAt >= before) return
          const deleted = tx
            .delete(pictures)
            .where(and(eq(pictures.id, id), sql`not ${referenced(id)}`))
            .returning({ id: pictures.id })
            .get()
          if (!deleted) return
        }
        deletePictureFiles(id, row?.format)
      },
      { behavior: 'immediate' },
    )
  }
}

/** What the start-up sweep leaves alone: it may belong to a request still under way. */
export const SWEEP_MIN_AGE_MS = 60_000
const SWEEP_BATCH = 500

/**
 * At start (the primary process, server/cluster.ts): removes what a crash left. Rows no row points
 * to, files without a row, and `.tmp` files, each only when older than a minute, so a request of
 * another process that has just written its files and not yet committed its row keeps them.
 * Works in batches and yields between them.
 */
export async function sweepPictures(now = Date.now()) {
  const cutoff = new Date(now - SWEEP_MIN_AGE_MS)
  let after = ''
  for (;;) {
    const batch = db
      .select({ id: pictures.id })
      .from(pictures)
      .where(and(gt(pictures.id, after), lt(pictures.createdAt, cutoff)))
      .orderBy(asc(pictures.id))
      .limit(SWEEP_BATCH)
      .all()
    if (batch.length === 0) break
    after = batch.at(-1)!.id
    const loose = db
      .select({ id: pictures.id })
      .from(pictures)
      .where(
        and(
          sql`${pictures.id} in (select value from json_each(${JSON.stringify(batch.map((r) => r.id))}))`,
          sql`not ${referenced(sql`${pictures.id}`)}`,
        ),
      )
      .all()
    removeUnreferenced(
      loose.map((r) => r.id),
      cutoff,
    )
    await new Promise((resolve) => setImmediate(resolve))
  }

  const shards = await fs.readdir(dir(), { withFileTypes: true }).catch(() => [])
  for (const shard of shards) {
    if (!shard.isDirectory()) continue
    const folder = path.join(dir(), shard.name)
    // The shard's rows in one range read: ids start with the shard's two characters.
    const rows = new Set(
      db
        .select({ id: pictures.id })
        .from(pictures)
        .where(and(gte(pictures.id, shard.name), lt(pictures.id, `${shard.name}\uffff`)))
        .all()
        .map((r) => r.id),
    )
    const stale: string[] = []
    for (const name of await fs.readdir(folder).catch(() => [] as string[])) {
      const tmp = name.endsWith('.tmp')
      if (!tmp && rows.has(name.slice(0, 64))) continue
      const stat = await fs.stat(path.join(folder, name)).catch(() => undefined)
      if (stat && stat.mtimeMs < cutoff.getTime()) stale.push(name)
    }
    for (const name of stale.filter((n) => n.endsWith('.tmp'))) {
      await fs.rm(path.join(folder, name), { force: true })
    }
    const orphans = stale.filter((n) => !n.endsWith('.tmp'))
    if (orphans.length) {
      // The row may have come meanwhile: check again where no request can commit one.
      db.transaction(
        (tx) => {
          for (const name of orphans) {
            if (!pictureRow(tx, name.slice(0, 64))) {
              fsSync.rmSync(path.join(folder, name), { force: true })
            }
          }
        },
        { behavior: 'immediate' },
      )
    }
  }
}

export function getPicture(id: string) {
  return db.select().from(pictures).where(eq(pictures.id, id)).get()
}

/** Where a stored variant lives and how to serve it. */
export function pictureFile(picture: typeof pictures.$inferSelect, variant: PictureVariant) {
  return {
    path: fileName(picture.id, variant, picture.format),
    contentType: variant === 'original' ? MIME[picture.format as Format] : 'image/webp',
    downloadName: `${picture.id.slice(0, 12)}.${picture.format === 'jpeg' ? 'jpg' : picture.format}`,
  }
}

/**
 * The file of a variant, made from the original when the picture was stored before that size
 * existed (then kept, so once per picture). Undefined when the file is not there.
 */
export async function readyPictureFile(
  picture: typeof pictures.$inferSelect,
  variant: PictureVariant,
) {
  const file = pictureFile(picture, variant)
  const stat = await fs.stat(file.path).catch(() => undefined)
  if (stat || variant === 'original') return stat && { ...file, size: stat.size }
  const original = await fs
    .readFile(fileName(picture.id, 'original', picture.format))
    .catch(() => undefined)
  if (!original) return undefined
  const sharp = await loadSharp()
  const data = await decodeSlot(() =>
    RESIZE[variant](
      sharp(original, { failOn: 'truncated', limitInputPixels: MAX_PICTURE_PIXELS }).rotate(),
    ).toBuffer(),
  )
  await writeAtomic(file.path, data)
  return { ...file, size: data.length }
}

/** Marks an upload the multipart parser cut off for being too large (see upload.server.ts). */
export const TOO_LARGE_TYPE = 'application/x-review-desk-too-large'

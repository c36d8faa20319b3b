import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp'
import { eq } from 'drizzle-orm'
import { db } from '../../db/client'
import { pictures } from '../../db/schema'
import { concurrencyLimit } from '~/utils/concurrency'
import { pictureWritten } from '~/utils/backup.server'
import { env } from '~/utils/env.server'

export const MAX_PICTURE_BYTES = 5 * 1024 * 1024
export const PICTURE_VARIANTS = ['original', 'medium', 'small', 'thumb'] as const
export type PictureVariant = (typeof PICTURE_VARIANTS)[number]
type Resized = Exclude<PictureVariant, 'original'>

/**
 * The sizes made of every picture, as WebP: medium for a large view (800 px at most), small for
 * cards, detail and order pictures (320 px on its shorter side, sharp in a 320 px box and at twice
 * the density in a 160 px one), and a 50 by 50 thumbnail for table cells.
 */
const RESIZE: Record<Resized, (image: Sharp) => Sharp> = {
  medium: (image) =>
    image.resize(800, 800, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }),
  small: (image) =>
    image.resize(320, 320, { fit: 'outside', withoutEnlargement: true }).webp({ quality: 75 }),
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
function fileName(id: string, variant: PictureVariant, format: string) {
  const ext = variant === 'original' ? (format === 'jpeg' ? 'jpg' : format) : 'webp'
  return path.join(dir(), id.slice(0, 2), `${id}-${variant}.${ext}`)
}

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

type PreparedPicture =
  | { id: string; existing: true }
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
  { kind, uploadedBy }: { kind: PictureKind; uploadedBy?: number },
): Promise<PreparedPicture> {
  if (!upload) throw new PictureError(PICTURE_MISSING_MESSAGE)
  if (!Buffer.isBuffer(upload) && upload.type === TOO_LARGE_TYPE) {
    throw new PictureError(PICTURE_TOO_LARGE_MESSAGE)
  }
  const input = Buffer.isBuffer(upload) ? upload : Buffer.from(await upload.arrayBuffer())
  if (input.length === 0) throw new PictureError(PICTURE_MISSING_MESSAGE)
  if (input.length > MAX_PICTURE_BYTES) throw new PictureError(PICTURE_TOO_LARGE_MESSAGE)

  const id = crypto.createHash('sha256').update(input).digest('hex')
  if (getPicture(id)) return { id, existing: true }

  try {
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

/** Second half: writes a prepared picture under the data directory by content hash. */
export async function savePicture(prepared: PreparedPicture): Promise<string> {
  if (prepared.existing) return prepared.id
  const { id, format } = prepared
  await writeAtomic(fileName(id, 'original', format), prepared.original)
  for (const variant of RESIZED) {
    await writeAtomic(fileName(id, variant, format), prepared.resized[variant])
  }
  db.insert(pictures)
    .values({
      id,
      kind: prepared.kind,
      format,
      width: prepared.width,
      height: prepared.height,
      bytes: prepared.original.length,
      uploadedBy: prepared.uploadedBy,
    })
    .onConflictDoNothing()
    .run()
  return id
}

/** Runs an upload through the whole pipeline; nothing is stored when it is refused. */
export async function storePicture(
  upload: File | Buffer | null | undefined,
  options: { kind: PictureKind; uploadedBy?: number },
): Promise<string> {
  return savePicture(await preparePicture(upload, options))
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

import path from 'node:path'

/** The files kept of every picture: the original as sent, and three sizes as WebP. */
export const PICTURE_VARIANTS = ['original', 'medium', 'small', 'thumb'] as const
export type PictureVariant = (typeof PICTURE_VARIANTS)[number]

/**
 * A picture file's name under the pictures directory (and in the backup): a folder per first two
 * characters of the id, then `<id>-<variant>.<ext>`. The picture model writes by it; the restore
 * checks every picture row against it.
 */
export function pictureFileName(id: string, variant: PictureVariant, format: string) {
  const ext = variant === 'original' ? (format === 'jpeg' ? 'jpg' : format) : 'webp'
  return path.join(id.slice(0, 2), `${id}-${variant}.${ext}`)
}

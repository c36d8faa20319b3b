import fs from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'

/** Its pixels as stored: landscape, shown portrait (EXIF orientation 6, a phone held upright). */
export const PHOTO_STORED = { width: 4032, height: 3024 }
/** The size the server keeps of it: upright, in its 800 px box. */
export const PHOTO_KEPT = { width: 600, height: 800 }

const made = new Map<string, Promise<string>>()

/**
 * A 12-megapixel phone photo of about 3 MB: a smooth scene under sensor noise (which makes JPEG
 * as heavy as a real photo), with an EXIF orientation and a GPS position. Made once per worker
 * and name (a different seed gives different bytes, so each is a new picture to the server).
 */
export function phonePhoto(name = 'phone-photo') {
  let file = made.get(name)
  if (!file) {
    file = makePhoto(name)
    made.set(name, file)
  }
  return file
}

async function makePhoto(name: string) {
  const { width, height } = PHOTO_STORED
  const pixels = Buffer.alloc(width * height * 3)
  let seed = [...name].reduce((sum, c) => sum * 31 + c.charCodeAt(0), 7) & 0x7fffffff
  const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5) * 40
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      const n = noise()
      pixels[i] = 128 + 100 * Math.sin(x / 300) + n
      pixels[i + 1] = 128 + 90 * Math.cos(y / 200) + n
      pixels[i + 2] = (x + y) / 30 + n
    }
  }
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 82 })
    .withExif({
      IFD0: { Make: 'E2E Phone', Model: 'Test' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '31/1 30/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '74/1 20/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer()
  const file = path.join(import.meta.dirname, '.artifacts', `${name}-${process.pid}.jpg`)
  await fs.mkdir(path.dirname(file), { recursive: true })
  await fs.writeFile(file, jpeg)
  return file
}

/** Whether a picture file carries a GPS position (EXIF's GPS IFD pointer, tag 0x8825). */
export async function hasGps(file: Buffer) {
  const { exif } = await sharp(file).metadata()
  if (!exif) return false
  const little = exif.includes(Buffer.from('II*\0'))
  return exif.includes(Buffer.from(little ? [0x25, 0x88] : [0x88, 0x25]))
}

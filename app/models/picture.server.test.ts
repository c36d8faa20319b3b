import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { action as profileAction, loader as profileLoader } from '~/routes/_app+/userProfile'
import { loader as pictureLoader } from '~/routes/resources+/pictures.$pictureId.$variant'
import { action as loginAction } from '~/routes/_auth+/login'
import { env } from '~/core/env.server'
import { makePictureBytes, makeUser, DEMO_PASSWORD } from '../../server/factories'
import { db } from '../../db/client'
import { pictures } from '../../db/schema'
import {
  call,
  cookieFrom,
  flashedToast,
  formRequest,
  getRequest,
  multipartRequest,
} from '../../tests/route'
import {
  getPicture,
  MAX_PICTURE_BYTES,
  pictureFile,
  PictureError,
  pictureFormat,
  storePicture,
  PICTURE_INVALID_MESSAGE,
  PICTURE_TOO_HEAVY_MESSAGE,
  PICTURE_TOO_LARGE_MESSAGE,
  PICTURE_TOO_MANY_PIXELS_MESSAGE,
} from './picture.server'

const pictureCount = () => db.select().from(pictures).all().length
const tmpFiles = () => {
  const dir = path.join(env.DATA_DIR, 'pictures')
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.tmp'))
}
const storedFiles = () => {
  const dir = path.join(env.DATA_DIR, 'pictures')
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).length : 0
}

async function signedIn() {
  const user = await makeUser()
  const r = await call(
    loginAction,
    formRequest('/login', { email: user.email, password: DEMO_PASSWORD }),
  )
  return { user, cookie: cookieFrom(r).replace(/__toast=[^;]*;?\s*/, '') }
}

function upload(cookie: string, file: File | null) {
  const form = new FormData()
  if (file) form.set('profileImg', file)
  return call(profileAction, multipartRequest('/userProfile', form, cookie))
}

describe('the picture pipeline', () => {
  test('stores an original without metadata, a medium and a small size and a 50 by 50 thumbnail', async () => {
    const withExif = await sharp(await makePictureBytes(1, 300))
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'Secret Camera', Artist: 'GPS 31.5,74.3' } } })
      .toBuffer()
    expect((await sharp(withExif).metadata()).exif).toBeDefined()
    const id = await storePicture(withExif, { kind: 'profile' })
    const picture = getPicture(id)!
    expect(picture).toMatchObject({ format: 'jpeg', width: 300, height: 300 })
    const original = fs.readFileSync(pictureFile(picture, 'original').path)
    expect((await sharp(original).metadata()).exif).toBeUndefined()
    expect(original.includes(Buffer.from('Secret Camera'))).toBe(false)
    const thumb = await sharp(pictureFile(picture, 'thumb').path).metadata()
    expect([thumb.width, thumb.height, thumb.format]).toEqual([50, 50, 'webp'])
    const medium = await sharp(pictureFile(picture, 'medium').path).metadata()
    expect(medium.width).toBe(300)
    const small = await sharp(pictureFile(picture, 'small').path).metadata()
    expect([small.width, small.height, small.format]).toEqual([300, 300, 'webp'])
  })

  test('the same bytes are stored once, by content hash', async () => {
    const bytes = await makePictureBytes(2, 120)
    const before = pictureCount()
    const a = await storePicture(bytes, { kind: 'product' })
    const b = await storePicture(bytes, { kind: 'product' })
    expect(a).toBe(b)
    expect(a).toMatch(/^[0-9a-f]{64}$/)
    expect(pictureCount()).toBe(before + 1)
  })

  test.each([
    ['a text file', Buffer.from('hello, I am not a picture')],
    [
      'an SVG (scripts could hide in it)',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
    ],
  ])('refuses %s, storing nothing', async (_name, bytes) => {
    const before = [pictureCount(), storedFiles()]
    await expect(storePicture(bytes, { kind: 'profile' })).rejects.toThrow(
      new PictureError(PICTURE_INVALID_MESSAGE),
    )
    expect([pictureCount(), storedFiles()]).toEqual(before)
  })

  test('refuses a truncated image', async () => {
    const png = await makePictureBytes(3, 200)
    await expect(
      storePicture(png.subarray(0, png.length - 200), { kind: 'profile' }),
    ).rejects.toThrow(PICTURE_INVALID_MESSAGE)
  })

  test('refuses more than 5 MB', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 1)
    await expect(storePicture(big, { kind: 'profile' })).rejects.toThrow(PICTURE_TOO_LARGE_MESSAGE)
  })
})

/** A PNG of one colour with 16 bits per sample: tiny on disk, huge once decoded. */
function png16(width: number, height: number) {
  return sharp({
    create: { width, height, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 1 } },
  })
    .toColourspace('rgb16')
    .png({ compressionLevel: 9 })
    .toBuffer()
}

describe('the decode budget', () => {
  test('a small file declaring 7000 by 7000 16-bit pixels is refused quickly, before decoding', async () => {
    const png = await png16(7000, 7000)
    expect(png.length).toBeLessThan(MAX_PICTURE_BYTES)
    const meta = await sharp(png).metadata()
    expect([meta.width, meta.height, meta.channels, meta.depth]).toEqual([7000, 7000, 4, 'ushort'])
    const before = [pictureCount(), storedFiles()]

    const started = performance.now()
    await expect(storePicture(png, { kind: 'profile' })).rejects.toThrow(
      new PictureError(PICTURE_TOO_MANY_PIXELS_MESSAGE),
    )
    // Decoding it takes seconds; the header alone is read in a few milliseconds.
    expect(performance.now() - started).toBeLessThan(1000)
    // Proof that nothing was decoded: with its pixel data cut off, the answer is the same (a
    // decode would have found the file truncated, "not a picture").
    await expect(storePicture(png.subarray(0, 2048), { kind: 'profile' })).rejects.toThrow(
      PICTURE_TOO_MANY_PIXELS_MESSAGE,
    )
    expect([pictureCount(), storedFiles()]).toEqual(before)
  })

  test('bit depth counts: 16 megapixels at 16 bits per sample are over the memory budget', async () => {
    // 4000 × 4000 × 4 channels × 2 bytes = 128 MB decoded (8 bits per sample would be 64 MB).
    await expect(storePicture(await png16(4000, 4000), { kind: 'profile' })).rejects.toThrow(
      new PictureError(PICTURE_TOO_HEAVY_MESSAGE),
    )
  })

  test('a small 16-bit picture is still accepted', async () => {
    const id = await storePicture(await png16(120, 90), { kind: 'profile' })
    expect(getPicture(id)).toMatchObject({ format: 'png', width: 120, height: 90 })
  })

  test('parallel uploads all get through the two decode slots', async () => {
    const ids = await Promise.all(
      [40, 41, 42, 43, 44].map(async (seed) =>
        storePicture(await makePictureBytes(seed, 96), { kind: 'product' }),
      ),
    )
    expect(new Set(ids).size).toBe(5)
  })
})

describe('storing on disk', () => {
  test('concurrent uploads of the same and of different pictures by several users all succeed', async () => {
    const users = await Promise.all([1, 2, 3].map(() => signedIn()))
    const same = await makePictureBytes(45, 96)
    const uploads = [same, same, same, await makePictureBytes(46, 96)]
    const responses = await Promise.all(
      users.flatMap(({ cookie }) =>
        uploads.map((png) =>
          upload(cookie, new File([new Uint8Array(png)], 'me.png', { type: 'image/png' })),
        ),
      ),
    )
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 302))
    expect(tmpFiles()).toEqual([])
  })

  test('a write that fails leaves no temporary file behind', async () => {
    // A directory where the original is to go makes the final rename fail (EISDIR).
    const png = await makePictureBytes(47, 64)
    const id = crypto.createHash('sha256').update(png).digest('hex')
    const original = pictureFile({ id, format: 'png' } as typeof pictures.$inferSelect, 'original')
    fs.mkdirSync(original.path, { recursive: true })
    try {
      await expect(storePicture(png, { kind: 'profile' })).rejects.toThrow(/EISDIR/)
      expect(tmpFiles()).toEqual([])
      expect(getPicture(id)).toBeUndefined()
    } finally {
      fs.rmSync(original.path, { recursive: true })
    }
    // Once the disk is right again, the same picture is stored.
    expect(await storePicture(png, { kind: 'profile' })).toBe(id)
  })
})

describe('AVIF', () => {
  test('is accepted, although sharp names it HEIF (with AV1 compression)', async () => {
    const avif = await sharp(await makePictureBytes(30, 120))
      .avif()
      .toBuffer()
    const meta = await sharp(avif).metadata()
    expect([meta.format, meta.compression]).toEqual(['heif', 'av1'])
    const picture = getPicture(await storePicture(avif, { kind: 'profile' }))!
    expect(picture).toMatchObject({ format: 'avif', width: 120, height: 120 })
    const original = pictureFile(picture, 'original')
    expect(original.contentType).toBe('image/avif')
    expect(original.path).toMatch(/\.avif$/)
    const stored = await sharp(original.path).metadata()
    expect([stored.format, stored.compression, stored.width]).toEqual(['heif', 'av1', 120])
  })

  test('other HEIF (HEVC, as phones write) is not accepted', () => {
    expect(pictureFormat({ format: 'heif', compression: 'av1' })).toBe('avif')
    expect(pictureFormat({ format: 'heif', compression: 'hevc' })).toBeUndefined()
    expect(pictureFormat({ format: 'svg' })).toBeUndefined()
    expect(pictureFormat({ format: 'png' })).toBe('png')
  })
})

describe('Change Pic on the profile page', () => {
  test('a real picture becomes the avatar, with the success toast', async () => {
    const { cookie } = await signedIn()
    const png = await makePictureBytes(10, 256)
    const r = await upload(cookie, new File([new Uint8Array(png)], 'me.png', { type: 'image/png' }))
    expect(r.status).toBe(302)
    expect(r.location).toBe('/userProfile')
    const profile = await call(profileLoader, getRequest('/userProfile', { cookie }))
    expect(profile.data.profile.avatarUrl).toMatch(/^\/resources\/pictures\/[0-9a-f]{64}\/small$/)
  })

  test('a non-image with an image name is refused with a clear message and changes nothing', async () => {
    const { cookie } = await signedIn()
    const before = pictureCount()
    const r = await upload(cookie, new File(['not really'], 'cat.png', { type: 'image/png' }))
    expect(r.status).toBe(400)
    expect(r.data.error).toBe(PICTURE_INVALID_MESSAGE)
    expect((await flashedToast(r))?.type).toBe('error')
    expect(pictureCount()).toBe(before)
    const profile = await call(profileLoader, getRequest('/userProfile', { cookie }))
    expect(profile.data.profile.avatarUrl).toBe('/default-avatar.svg')
  })

  test('a file over 5 MB is refused with its own message', async () => {
    const { cookie } = await signedIn()
    const r = await upload(
      cookie,
      new File([new Uint8Array(6 * 1024 * 1024).fill(7)], 'huge.jpg', { type: 'image/jpeg' }),
    )
    expect(r.status).toBe(400)
    expect(r.data.error).toBe(PICTURE_TOO_LARGE_MESSAGE)
  })

  test('a file name with ";" or "=" is accepted', async () => {
    const { cookie } = await signedIn()
    const png = await makePictureBytes(11, 64)
    const r = await upload(
      cookie,
      new File([new Uint8Array(png)], 'holiday;beach=sea.png', { type: 'image/png' }),
    )
    expect(r.status).toBe(302)
    expect(r.location).toBe('/userProfile')
  })

  test('a body that is not the multipart form it claims is a 400', async () => {
    const { cookie } = await signedIn()
    const r = await call(
      profileAction,
      new Request('http://localhost/userProfile', {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'multipart/form-data; boundary=XyZ' },
        body: 'this is not multipart',
      }),
    )
    expect(r.status).toBe(400)
    expect(r.data.error).toBe('The form could not be read.')
  })

  test('no file chosen gets "Please choose a picture."', async () => {
    const { cookie } = await signedIn()
    const r = await upload(cookie, null)
    expect(r.data.error).toBe('Please choose a picture.')
  })
})

describe('serving pictures', () => {
  test('who may see it gets the bytes with long-lived caching; others a 404; visitors sign in', async () => {
    const { cookie, user } = await signedIn()
    // Shown nowhere yet: only its uploader sees it.
    const id = await storePicture(await makePictureBytes(20, 64), {
      kind: 'profile',
      uploadedBy: user.id,
    })
    const other = await signedIn()
    const hidden = await call(
      pictureLoader,
      getRequest(`/resources/pictures/${id}/thumb`, { cookie: other.cookie }),
      { pictureId: id, variant: 'thumb' },
    )
    expect(hidden.status).toBe(404)
    const r = await call(pictureLoader, getRequest(`/resources/pictures/${id}/thumb`, { cookie }), {
      pictureId: id,
      variant: 'thumb',
    })
    expect(r.status).toBe(200)
    expect(r.headers.get('Content-Type')).toBe('image/webp')
    expect(r.headers.get('Cache-Control')).toContain('immutable')
    const anon = await call(pictureLoader, getRequest(`/resources/pictures/${id}/thumb`), {
      pictureId: id,
      variant: 'thumb',
    })
    expect(anon.location).toMatch(/^\/login/)
  })

  test('the small size (320 px on the shorter side) is stored, and made once for older pictures', async () => {
    const { cookie, user } = await signedIn()
    const id = await storePicture(await makePictureBytes(22, 900, 600), {
      kind: 'profile',
      uploadedBy: user.id,
    })
    const small = pictureFile(getPicture(id)!, 'small').path
    const size = async () => {
      const m = await sharp(small).metadata()
      return [m.width, m.height, m.format]
    }
    expect(await size()).toEqual([480, 320, 'webp'])

    // A picture stored before the small size existed: someone who may not see it gets the 404
    // and nothing is made; its uploader gets it, made from the original and kept.
    fs.rmSync(small)
    const request = (c: string) =>
      call(pictureLoader, getRequest(`/resources/pictures/${id}/small`, { cookie: c }), {
        pictureId: id,
        variant: 'small',
      })
    expect((await request((await signedIn()).cookie)).status).toBe(404)
    expect(fs.existsSync(small)).toBe(false)
    const r = await request(cookie)
    expect(r.status).toBe(200)
    expect(r.headers.get('Content-Type')).toBe('image/webp')
    expect(r.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(Number(r.headers.get('Content-Length'))).toBe(fs.statSync(small).size)
    expect(await size()).toEqual([480, 320, 'webp'])
  })

  test('unknown ids and variants are 404', async () => {
    const { cookie } = await signedIn()
    const id = await storePicture(await makePictureBytes(21, 64), { kind: 'profile' })
    for (const params of [
      { pictureId: 'f'.repeat(64), variant: 'thumb' },
      { pictureId: '../../etc/passwd', variant: 'thumb' },
      { pictureId: id, variant: 'huge' },
    ]) {
      expect((await call(pictureLoader, getRequest('/x', { cookie }), params)).status).toBe(404)
    }
  })
})

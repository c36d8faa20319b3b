import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { action as profileAction, loader as profileLoader } from '~/routes/_app+/userProfile'
import { loader as pictureLoader } from '~/routes/resources+/pictures.$pictureId.$variant'
import { action as loginAction } from '~/routes/_auth+/login'
import { env } from '~/utils/env.server'
import { makePictureBytes, makeUser, DEMO_PASSWORD } from '../../db/factories'
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
  pictureFile,
  PictureError,
  storePicture,
  PICTURE_INVALID_MESSAGE,
  PICTURE_TOO_LARGE_MESSAGE,
} from './picture.server'

const pictureCount = () => db.select().from(pictures).all().length
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
  test('stores an original without metadata, a medium size and a 50 by 50 thumbnail', async () => {
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

describe('Change Pic on the profile page', () => {
  test('a real picture becomes the avatar, with the success toast', async () => {
    const { cookie } = await signedIn()
    const png = await makePictureBytes(10, 256)
    const r = await upload(cookie, new File([new Uint8Array(png)], 'me.png', { type: 'image/png' }))
    expect(r.status).toBe(302)
    expect(r.location).toBe('/userProfile')
    const profile = await call(profileLoader, getRequest('/userProfile', { cookie }))
    expect(profile.data.profile.avatarUrl).toMatch(/^\/resources\/pictures\/[0-9a-f]{64}\/medium$/)
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

  test('no file chosen gets "Please choose a picture."', async () => {
    const { cookie } = await signedIn()
    const r = await upload(cookie, null)
    expect(r.data.error).toBe('Please choose a picture.')
  })
})

describe('serving pictures', () => {
  test('signed-in users get the bytes with long-lived caching; visitors are sent to sign in', async () => {
    const { cookie } = await signedIn()
    const id = await storePicture(await makePictureBytes(20, 64), { kind: 'profile' })
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

/**
 * Pictures never pile up (issue 19, item 3): a picture no row points to is removed once the
 * write that let it go has committed, the start-up sweep removes what a crash left, and a user's
 * stored bytes are capped.
 */
import fs from 'node:fs'
import path from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import { afterEach, describe, expect, test } from 'vitest'
import { db } from '../../db/client'
import { makePictureBytes } from '../../server/factories'
import { orders, pictures, products, reservations, users } from '../../db/schema'
import { env } from '~/core/env.server'
import { action as orderPage } from '~/routes/_app+/orders.view.$orderId/route'
import { action as reviewApi } from '~/routes/api+/v1+/order.upload.review'
import { send, signedIn } from '../../tests/api'
import { orderWorld, placeOrder, pngFile } from '../../tests/orders'
import { call, multipartRequest } from '../../tests/route'
import { createOrder, ORDER_MESSAGES } from './order.server'
import {
  preparePicture,
  removeUnreferenced,
  STORAGE_LIMIT_MESSAGE,
  storePicture,
  sweepPictures,
  writeWithPictures,
} from './picture.server'
import { reserveProduct, releaseReservation } from './reservation.server'
import { failFields, unwrap } from '~/core/result'
import { addScammer, SCAMMER_BLOCKED_MESSAGE } from './scammer.server'
import { changeProfilePicture } from './user.server'
import { uid } from '../../tests/unique'

const root = () => path.join(env.DATA_DIR, 'pictures')

/** Every file under the pictures folder, by name. */
function filesOnDisk(): string[] {
  if (!fs.existsSync(root())) return []
  return fs
    .readdirSync(root(), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name)
}
const idsOnDisk = () =>
  new Set(filesOnDisk().flatMap((name) => (name.endsWith('.tmp') ? [] : [name.slice(0, 64)])))

/** Every picture id some row points to. */
function referencedIds() {
  const ids = new Set<string>()
  for (const u of db.select({ id: users.profilePictureId }).from(users).all()) {
    if (u.id) ids.add(u.id)
  }
  for (const p of db.select().from(products).all()) {
    ids.add(p.imageId)
    ids.add(p.screenshotId)
  }
  for (const o of db.select().from(orders).all()) {
    for (const id of [o.orderPictureId, o.refundPictureId, o.reviewPictureId]) if (id) ids.add(id)
  }
  return ids
}
const rowIds = () =>
  new Set(
    db
      .select({ id: pictures.id })
      .from(pictures)
      .all()
      .map((r) => r.id),
  )

/** Nothing stored that no row points to: rows and files are exactly the referenced pictures. */
function expectNoOrphans() {
  const referenced = [...referencedIds()].sort()
  expect([...rowIds()].sort()).toEqual(referenced)
  expect([...idsOnDisk()].sort()).toEqual(referenced)
}

function newOrder(w: Awaited<ReturnType<typeof orderWorld>>, seed: number) {
  return pngFile(seed, 64).then((orderScreenshot) => ({
    orderNumber: `R-${uid()}`,
    market: w.refs.marketId,
    pId: w.product.pId,
    paypal: `buyer-${uid()}@example.test`,
    orderScreenshot,
    buyerContact: '',
    remark: '',
  }))
}

async function uploadReview(cookie: string, orderId: number, file: File) {
  const form = new FormData()
  form.set('intent', 'upload')
  form.set('kind', 'review')
  form.set('picture', file)
  const pathname = `/orders/view/${orderId}`
  return call(orderPage, multipartRequest(pathname, form, cookie), { orderId: String(orderId) })
}

describe('a picture no row points to is removed', () => {
  test('fifteen review-picture replacements leave only the last one on disk', async () => {
    const w = await orderWorld()
    const order = await placeOrder(w)
    const reviewIds: string[] = []
    for (let i = 0; i < 15; i++) {
      const r = await uploadReview(w.pm.cookie, order.id, await pngFile(500 + i, 64))
      expect(r.status).toBe(302)
      reviewIds.push(
        db.select().from(orders).where(eq(orders.id, order.id)).get()!.reviewPictureId!,
      )
    }
    const last = reviewIds.at(-1)!
    const onDisk = idsOnDisk()
    expect(reviewIds.filter((id) => onDisk.has(id))).toEqual([last])
    expect(filesOnDisk().filter((name) => reviewIds.includes(name.slice(0, 64)))).toHaveLength(4)
    expect(db.select().from(pictures).where(inArray(pictures.id, reviewIds)).all()).toHaveLength(1)
    expectNoOrphans()
  })

  test('a replaced profile picture is removed', async () => {
    const { user } = await signedIn('pm')
    unwrap(await changeProfilePicture(user.id, await pngFile(520, 64)))
    unwrap(await changeProfilePicture(user.id, await pngFile(521, 64)))
    expectNoOrphans()
  })

  test('a picture two rows share stays while one still points to it', async () => {
    const w = await orderWorld()
    const order = await placeOrder(w)
    const same = await makePictureBytes(530, 64)
    const file = () => new File([new Uint8Array(same)], 'same.png', { type: 'image/png' })
    unwrap(await changeProfilePicture(w.pm.user.id, file()))
    expect((await uploadReview(w.pm.cookie, order.id, file())).status).toBe(302)
    unwrap(await changeProfilePicture(w.pm.user.id, await pngFile(531, 64)))
    const review = db.select().from(orders).where(eq(orders.id, order.id)).get()!.reviewPictureId!
    expect(idsOnDisk().has(review)).toBe(true)
    expectNoOrphans()
  })

  test('an order refused after its pictures were read (scammer listed meanwhile) stores nothing', async () => {
    const w = await orderWorld()
    const admin = await signedIn('admin')
    unwrap(reserveProduct(w.pm.user, w.product.pId))
    const input = await newOrder(w, 540)
    const pending = createOrder(w.pm.user, input)
    unwrap(addScammer(admin.user, { email: input.paypal, reason: 'chargeback' }))
    const refused = await pending
    expect(refused).toMatchObject({ ok: false, message: SCAMMER_BLOCKED_MESSAGE })
    expect(db.select().from(orders).where(eq(orders.productId, w.product.id)).all()).toEqual([])
    expectNoOrphans()
  })

  test('an order refused because its reservation was released meanwhile stores nothing', async () => {
    const w = await orderWorld()
    unwrap(reserveProduct(w.pm.user, w.product.pId))
    const pending = createOrder(w.pm.user, await newOrder(w, 541))
    unwrap(releaseReservation(w.pm.user, { pId: w.product.pId }))
    const refused = await pending
    expect(refused).toMatchObject({
      ok: false,
      message: ORDER_MESSAGES.noReservation(w.product.pId),
    })
    expectNoOrphans()
  })

  test('eight racing creations on one reservation make one order and leave no orphan', async () => {
    const w = await orderWorld()
    unwrap(reserveProduct(w.pm.user, w.product.pId))
    const inputs = await Promise.all(Array.from({ length: 8 }, (_, i) => newOrder(w, 550 + i)))
    const results = await Promise.all(inputs.map((input) => createOrder(w.pm.user, input)))
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect(db.select().from(orders).where(eq(orders.productId, w.product.id)).all()).toHaveLength(1)
    expect(
      db.select().from(reservations).where(eq(reservations.productId, w.product.id)).get()?.status,
    ).toBe('ordered')
    expectNoOrphans()
  })
})

describe('storing a picture whose twin is being removed', () => {
  test('an upload read as already stored still ends with its files when the twin goes meanwhile', async () => {
    const { user } = await signedIn('pm')
    const bytes = await makePictureBytes(580, 64)
    const twin = await storePicture(bytes, { kind: 'profile', uploadedBy: user.id })
    const prepared = await preparePicture(bytes, { kind: 'profile', uploadedBy: user.id })
    expect(prepared).toMatchObject({ id: twin, existing: true })
    removeUnreferenced([twin])
    expect(idsOnDisk().has(twin)).toBe(false)
    const stored = await writeWithPictures(user, { profileImg: prepared }, (tx, ids) => {
      tx.update(users).set({ profilePictureId: ids.profileImg }).where(eq(users.id, user.id)).run()
      return { ok: true as const }
    })
    expect(stored.ok).toBe(true)
    expect(filesOnDisk().filter((name) => name.startsWith(twin))).toHaveLength(4)
    expect(rowIds().has(twin)).toBe(true)
    expectNoOrphans()
  })

  test('a picture a request is storing is not removed by another that lets it go meanwhile', async () => {
    // Twelve such requests at once once met the removal three times in a row (a CI run).
    const { user } = await signedIn('pm')
    const bytes = await makePictureBytes(581, 64)
    const prepared = await preparePicture(bytes, { kind: 'profile', uploadedBy: user.id })
    expect(prepared.existing).toBe(false)
    // Another request stored the same picture and now lets it go, while this one writes its files.
    const twin = await storePicture(bytes, { kind: 'profile', uploadedBy: user.id })
    const storing = writeWithPictures(user, { profileImg: prepared }, (tx, ids) => {
      tx.update(users).set({ profilePictureId: ids.profileImg }).where(eq(users.id, user.id)).run()
      return { ok: true as const }
    })
    removeUnreferenced([twin])
    expect(rowIds().has(twin)).toBe(true)
    expect(filesOnDisk().filter((name) => name.startsWith(twin))).toHaveLength(4)
    expect((await storing).ok).toBe(true)
    expect(filesOnDisk().filter((name) => name.startsWith(twin))).toHaveLength(4)
    expectNoOrphans()
  })

  test('a refused upload still removes its picture after another let it go meanwhile', async () => {
    const { user } = await signedIn('pm')
    const bytes = await makePictureBytes(582, 64)
    const prepared = await preparePicture(bytes, { kind: 'profile', uploadedBy: user.id })
    const twin = await storePicture(bytes, { kind: 'profile', uploadedBy: user.id })
    const storing = writeWithPictures(user, { profileImg: prepared }, () =>
      failFields('conflict', {}),
    )
    removeUnreferenced([twin])
    expect((await storing).ok).toBe(false)
    expect(rowIds().has(twin)).toBe(false)
    expect(idsOnDisk().has(twin)).toBe(false)
  })
})

describe('the start-up sweep', () => {
  test('removes a file without a row, an unreferenced row and an old .tmp; keeps fresh ones and every referenced file', async () => {
    const w = await orderWorld()
    await placeOrder(w)
    const referenced = referencedIds()
    const shard = path.join(root(), 'ab')
    fs.mkdirSync(shard, { recursive: true })
    const old = new Date(Date.now() - 5 * 60_000)
    const write = (name: string, at?: Date) => {
      const file = path.join(shard, name)
      fs.writeFileSync(file, 'x')
      if (at) fs.utimesSync(file, at, at)
      return file
    }
    const lost = `ab${'1'.repeat(62)}`
    const fresh = `ab${'2'.repeat(62)}`
    const crashed = [write(`${lost}-original.png`, old), write(`${lost}-thumb.webp`, old)]
    const oldTmp = write(`${lost}-medium.webp.0a1b2c3d4e5f.tmp`, old)
    const freshTmp = write(`${fresh}-medium.webp.0a1b2c3d4e5f.tmp`)
    // Just written by a request that has not committed its row yet.
    const justWritten = write(`${fresh}-original.png`)
    // A row nothing points to, left by a crash between the row and the order.
    const loose = `ab${'3'.repeat(62)}`
    const looseFile = write(`${loose}-original.png`, old)
    db.insert(pictures)
      .values({
        id: loose,
        kind: 'order',
        format: 'png',
        width: 1,
        height: 1,
        bytes: 1,
        uploadedBy: w.pm.user.id,
        createdAt: old,
      })
      .run()

    await sweepPictures()

    for (const file of [...crashed, oldTmp, looseFile])
      expect(fs.existsSync(file), file).toBe(false)
    expect(fs.existsSync(freshTmp)).toBe(true)
    expect(fs.existsSync(justWritten)).toBe(true)
    expect(rowIds().has(loose)).toBe(false)
    const onDisk = idsOnDisk()
    for (const id of referenced) expect(onDisk.has(id), id).toBe(true)
    for (const id of referenced) expect(rowIds().has(id), id).toBe(true)
  })
})

describe('the per-user storage cap', () => {
  const saved = env.PICTURE_QUOTA_MB
  afterEach(() => {
    env.PICTURE_QUOTA_MB = saved
  })

  test('an upload past the cap is refused with the message and stores nothing (page and API)', async () => {
    const w = await orderWorld()
    const order = await placeOrder(w)
    const before = { rows: rowIds(), files: filesOnDisk().sort() }
    env.PICTURE_QUOTA_MB = 0.001 // about 1 KB: the pm's first order picture is past it

    const page = await uploadReview(w.pm.cookie, order.id, await pngFile(560, 64))
    expect(page.status).toBe(413)
    expect(page.data.upload).toEqual({ kind: 'review', error: STORAGE_LIMIT_MESSAGE })

    const form = new FormData()
    form.set('orderNumber', order.orderNumber)
    form.set('reviewScreenshot', await pngFile(561, 64))
    const { createSession } = await import('./session.server')
    const api = await call(
      reviewApi,
      send('PUT', '/api/v1/order/upload/review', createSession(w.pm.user.id).token, { body: form }),
    )
    expect(api.status).toBe(413)
    expect(api.data).toMatchObject({ success: false, message: STORAGE_LIMIT_MESSAGE })

    const profile = await changeProfilePicture(w.pm.user.id, await pngFile(562, 64))
    expect(profile).toMatchObject({ ok: false, message: STORAGE_LIMIT_MESSAGE })

    expect(rowIds()).toEqual(before.rows)
    expect(filesOnDisk().sort()).toEqual(before.files)
    expect(db.select().from(orders).where(eq(orders.id, order.id)).get()?.reviewPictureId).toBe(
      null,
    )
  })

  test('the message is the product decision, and admins are exempt', async () => {
    expect(STORAGE_LIMIT_MESSAGE).toBe('Storage limit reached. Please contact an admin.')
    const admin = await signedIn('admin')
    unwrap(await changeProfilePicture(admin.user.id, await pngFile(570, 64)))
    env.PICTURE_QUOTA_MB = 0.001
    unwrap(await changeProfilePicture(admin.user.id, await pngFile(571, 64)))
  })
})

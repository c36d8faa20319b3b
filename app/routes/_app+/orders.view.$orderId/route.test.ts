import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '../../../../db/client'
import { makePictureBytes } from '../../../../server/factories'
import { products } from '../../../../db/schema'
import { getOrder } from '~/models/order.server'
import { canSeePicture } from '~/models/picture-access.server'
import { storePicture } from '~/models/picture.server'
import { unwrap } from '~/core/result'
import { signedIn } from '../../../../tests/api'
import { orderWorld, placeOrder, pngFile } from '../../../../tests/orders'
import {
  call,
  expectRedirectWithToast,
  fieldErrors,
  flashedToast,
  formRequest,
  getRequest,
  multipartRequest,
} from '../../../../tests/route'
import { action, loader } from './route'

const png = (seed: number) => pngFile(seed, 64)
const names = (list: Array<{ name: string }>) => list.map((s) => s.name)

/** A pm's order on a pmm's product, and the people around it. */
async function ordered() {
  const w = await orderWorld()
  const [otherPm, otherPmm, admin] = await Promise.all([
    signedIn('pm'),
    signedIn('pmm'),
    signedIn('admin'),
  ])
  return { ...w, otherPm, otherPmm, admin, order: await placeOrder(w) }
}

const path = (id: number, query = '') => `/orders/view/${id}${query}`
const load = (cookie: string, id: number, query = '') =>
  call(loader, getRequest(path(id, query), { cookie }), { orderId: String(id) })
const post = (cookie: string, id: number, fields: Record<string, string>, query = '') =>
  call(action, formRequest(path(id, query), fields, cookie), { orderId: String(id) })
async function upload(cookie: string, id: number, kind: string, file?: File) {
  const form = new FormData()
  form.set('intent', 'upload')
  form.set('kind', kind)
  if (file) form.set('picture', file)
  return call(action, multipartRequest(path(id), form, cookie), { orderId: String(id) })
}

describe('/orders/view/:orderId', () => {
  test('its pm, the pmm of its product and admins see it; anyone else gets the 404 page', async () => {
    const w = await ordered()
    for (const viewer of [w.pm, w.pmm, w.admin]) {
      const r = await load(viewer.cookie, w.order.id)
      expect(r.status).toBe(200)
      expect(r.data.order).toMatchObject({ orderNumber: w.order.orderNumber, pId: w.product.pId })
      expect(r.data.order.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
    }
    for (const stranger of [w.otherPm, w.otherPmm]) {
      expect((await load(stranger.cookie, w.order.id)).status).toBe(404)
      expect(
        (await post(stranger.cookie, w.order.id, { intent: 'status', status: 'reviewed' })).status,
      ).toBe(404)
    }
    expect((await load(w.pm.cookie, 999999999)).status).toBe(404)
    expect(
      (
        await call(loader, getRequest('/orders/view/abc', { cookie: w.pm.cookie }), {
          orderId: 'abc',
        })
      ).status,
    ).toBe(404)
  })

  test('each role gets its own status choices, edit rights and uploads', async () => {
    const w = await ordered()
    const pm = (await load(w.pm.cookie, w.order.id)).data
    expect(names(pm.statuses)).toEqual(['Ordered', 'Reviewed', 'Cancelled'])
    expect(pm.canEdit).toBe(true)
    expect(pm.uploads).toEqual({ order: true, refund: false, review: true })
    const pmm = (await load(w.pmm.cookie, w.order.id, '?mode=edit')).data
    expect(names(pmm.statuses)).toEqual([
      'Delivered',
      'Refunded',
      'Review Deleted',
      'Onhold',
      'Commission',
      'Pending',
    ])
    expect(pmm.canEdit).toBe(false)
    expect(pmm.mode).toBe('view')
    expect(pmm.uploads).toEqual({ order: false, refund: true, review: false })
    const admin = (await load(w.admin.cookie, w.order.id, '?mode=edit&dialog=status')).data
    expect(admin.statuses).toHaveLength(9)
    expect(admin.mode).toBe('edit')
    expect(admin.dialog).toBe('status')
    expect(admin.uploads).toEqual({ order: true, refund: true, review: true })
  })

  test('every way back returns to the list it was opened from, at the order', async () => {
    const w = await ordered()
    const list = '/orders?status=ordered&page=2'
    const query = `?back=${encodeURIComponent(list)}`
    expect((await load(w.pm.cookie, w.order.id, query)).data.back).toBe(list)
    expect((await load(w.pm.cookie, w.order.id)).data.back).toBe('/orders')
    // An admin's own list is All Orders; another site is never a way back.
    expect((await load(w.admin.cookie, w.order.id)).data.back).toBe('/all/order')
    const away = `?back=${encodeURIComponent('//evil.example/orders')}`
    expect((await load(w.admin.cookie, w.order.id, away)).data.back).toBe('/all/order')
    const status = await post(
      w.pm.cookie,
      w.order.id,
      { intent: 'status', status: 'reviewed' },
      query,
    )
    await expectRedirectWithToast(status, `${list}#order-${w.order.id}`, {
      type: 'success',
      message: 'Status updated successfully.',
    })
    const fromAll = `?back=${encodeURIComponent('/all/order?orderNumber=x')}`
    const admin = await post(
      w.admin.cookie,
      w.order.id,
      { intent: 'status', status: 'onhold' },
      fromAll,
    )
    await expectRedirectWithToast(admin, `/all/order?orderNumber=x#order-${w.order.id}`, {
      type: 'success',
      message: 'Status updated successfully.',
    })
  })

  test('Change Status: a choice of the role is recorded; another is refused with the spec toast', async () => {
    const w = await ordered()
    const refused = await post(w.pm.cookie, w.order.id, { intent: 'status', status: 'commission' })
    expect(refused.status).toBe(403)
    expect(refused.data.form).toBe('status')
    expect(fieldErrors(refused).status).toEqual(['You cannot choose this status.'])
    expect(await flashedToast(refused)).toMatchObject({
      type: 'error',
      message: 'Error updating order. Please try again.',
    })
    const done = await post(w.pmm.cookie, w.order.id, { intent: 'status', status: 'commission' })
    await expectRedirectWithToast(done, `/orders#order-${w.order.id}`, {
      type: 'success',
      message: 'Status updated successfully.',
    })
    // The pm's edit form keeps the status the pmm set, next to the pm's own choices.
    const editing = (await load(w.pm.cookie, w.order.id, '?mode=edit')).data
    expect(names(editing.editStatuses)).toEqual(['Commission', 'Ordered', 'Reviewed', 'Cancelled'])
    const history = (await load(w.pm.cookie, w.order.id)).data.history
    expect(
      history.map((h: { from: string | null; to: string; by: string }) => [h.from, h.to, h.by]),
    ).toEqual([
      ['Ordered', 'Commission', w.pmm.user.name],
      [null, 'Ordered', w.pm.user.name],
    ])
  })

  test('Edit: the pm owner saves; a pmm is refused; the product never changes', async () => {
    const w = await ordered()
    const fields = {
      intent: 'update',
      orderNumber: `  116-${Date.now().toString(36)} `,
      customerEmail: 'changed@example.test',
      facebookIdentity: 'fb.com/buyer',
      market: String(w.refs.marketId),
      status: 'reviewed',
      remark: 'checked',
      productId: '999999',
    }
    const refused = await post(w.pmm.cookie, w.order.id, fields)
    expect(refused.status).toBe(403)
    expect(await flashedToast(refused)).toMatchObject({
      message: 'Error updating order. Please try again.',
    })
    const saved = await post(w.pm.cookie, w.order.id, fields)
    await expectRedirectWithToast(saved, `/orders#order-${w.order.id}`, {
      type: 'success',
      message: 'Order updated successfully.',
    })
    const { order } = unwrap(getOrder(w.admin.user, w.order.id))
    expect(order).toMatchObject({
      orderNumber: fields.orderNumber.trim(),
      customerEmail: 'changed@example.test',
      buyerContact: 'fb.com/buyer',
      remark: 'checked',
      status: { id: 'reviewed' },
      product: { pId: w.product.pId },
    })
    const missing = await post(w.pm.cookie, w.order.id, { ...fields, orderNumber: ' ' })
    expect(missing.status).toBe(400)
    expect(fieldErrors(missing).orderNumber).toEqual(['Order Number is required'])
  })

  test('uploads: review by the pm, refund by the pmm; the other way round is refused', async () => {
    const w = await ordered()
    const review = await upload(w.pm.cookie, w.order.id, 'review', await png(8))
    await expectRedirectWithToast(review, `/orders#order-${w.order.id}`, {
      type: 'success',
      message: 'Picture updated successfully for review',
    })
    const refund = await upload(w.pmm.cookie, w.order.id, 'refund', await png(9))
    expect(await flashedToast(refund)).toMatchObject({
      message: 'Picture updated successfully for refund',
    })
    const notYours = await upload(w.pm.cookie, w.order.id, 'refund', await png(10))
    expect(notYours.status).toBe(403)
    expect(notYours.data.upload).toEqual({
      kind: 'refund',
      error: 'You are not allowed to upload this picture.',
    })
    expect(await flashedToast(notYours)).toMatchObject({ type: 'error', message: 'server error' })
    const notAPicture = await upload(
      w.pm.cookie,
      w.order.id,
      'order',
      new File(['hello'], 'a.png', { type: 'image/png' }),
    )
    expect(notAPicture.status).toBe(400)
    expect(notAPicture.data.upload.kind).toBe('order')
    expect(notAPicture.data.upload.error).toMatch(/picture/i)
    expect((await upload(w.pm.cookie, w.order.id, 'order')).data.upload.error).toBe(
      'Please choose a picture.',
    )
  })

  test('order pictures are seen by who may see the order only', async () => {
    const w = await ordered()
    const { order } = unwrap(getOrder(w.admin.user, w.order.id))
    const pictureId = order.pictures.order!.thumb.split('/')[3]!
    expect(canSeePicture(w.pm.user, pictureId)).toBe(true)
    expect(canSeePicture(w.pmm.user, pictureId)).toBe(true)
    expect(canSeePicture(w.admin.user, pictureId)).toBe(true)
    expect(canSeePicture(w.otherPm.user, pictureId)).toBe(false)
    expect(canSeePicture(w.otherPmm.user, pictureId)).toBe(false)
    // Product pictures are for everyone signed in.
    const product = db.select().from(products).where(eq(products.pId, w.product.pId)).get()!
    expect(canSeePicture(w.otherPm.user, product.imageId)).toBe(true)
    // A picture nothing shows yet: its uploader only.
    const loose = await storePicture(await makePictureBytes(91, 40), {
      kind: 'order',
      uploadedBy: w.pm.user.id,
    })
    expect(canSeePicture(w.pm.user, loose)).toBe(true)
    expect(canSeePicture(w.otherPm.user, loose)).toBe(false)
  })
})

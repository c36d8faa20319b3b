import { describe, expect, test } from 'vitest'
import { makePictureBytes, makeProduct, makeUser } from '../../../server/factories'
import { insertCategory, insertChineseSeller, insertMarket } from '~/models/lookup.server'
import { getProductByPid } from '~/models/product.server'
import { createSession } from '~/models/session.server'
import { authSessionStorage } from '~/utils/session.server'
import { addDays, businessDate } from '~/core/business-day.server'
import {
  call,
  cookieFrom,
  fieldErrors,
  formRequest,
  getRequest,
  multipartRequest,
} from '../../../tests/route'
import { action as productsAction, loader as productsLoader } from './activeProducts/route'
import { action as reservationsAction, loader as reservationsLoader } from './reservations'
import { loader as viewLoader } from './view.$pId'
import { action as disabledAction, loader as disabledLoader } from './disabledProduct'
import { loader as buyerLinkLoader } from './buyerLink'
import type { User } from '~/models/user.server'

const refs = {
  marketId: insertMarket('Amazon Test', 'TST').id,
  categoryId: insertCategory('Test Things').id,
  chineseSellerId: insertChineseSeller('测试卖家').id,
}

async function cookieFor(user: User) {
  const session = await authSessionStorage.getSession()
  session.set('token', createSession(user.id).token)
  return (await authSessionStorage.commitSession(session)).split(';')[0]
}

/** The toast a redirect flashes, as the next page would show it. */
async function flashed(result: { headers: Headers }) {
  const cookie = cookieFrom({ headers: result.headers } as never)
  const { getToast } = await import('~/utils/toast.server')
  return (await getToast(new Request('http://localhost/', { headers: { Cookie: cookie } }))).toast
}

async function productForm(fields: Record<string, string> = {}, pictures = true) {
  const form = new FormData()
  const values: Record<string, string> = {
    intent: 'add',
    keywords: 'bamboo toothbrush eco',
    brandName: '竹子牙刷 Bamboo',
    soldBy: 'Green Home Direct',
    market: String(refs.marketId),
    chineseSeller: String(refs.chineseSellerId),
    categoryId: String(refs.categoryId),
    commission: '7.5',
    websiteCommission: '1.25',
    limitPerDay: '3',
    limit: '40',
    instruction: 'Review after 4 days.',
    refundPolicy: 'Refund after review.',
    commissionPolicy: 'Commission after review.',
    marketing: '',
    ...fields,
  }
  for (const [k, v] of Object.entries(values)) form.set(k, v)
  if (pictures) {
    form.set(
      'image',
      new File([new Uint8Array(await makePictureBytes(77, 120))], 'front.png', {
        type: 'image/png',
      }),
    )
    form.set(
      'screenShot',
      new File([new Uint8Array(await makePictureBytes(78, 120))], 'shot.png', {
        type: 'image/png',
      }),
    )
  }
  return form
}

describe('ADD product (pmm)', () => {
  test('adds a published product with a 6-digit pId and lands on PRODUCTS with the toast', async () => {
    const pmm = await makeUser({ role: 'pmm' })
    const cookie = await cookieFor(pmm)
    const r = await call(
      productsAction,
      multipartRequest('/activeProducts?tab=add', await productForm(), cookie),
    )
    expect(r.status).toBe(302)
    expect(r.location).toBe('/activeProducts?tab=products')
    expect((await flashed(r))?.message).toBe('Product added successfully.')
    const list = await call(productsLoader, getRequest('/activeProducts', { cookie }))
    const row = list.data.products.rows[0]
    expect(row).toMatchObject({
      commission: 7.5,
      limit: 40,
      todayRemaining: 3,
      status: 'published',
    })
    expect(String(row.pId)).toMatch(/^[1-9]\d{5}$/)
    const detail = await call(viewLoader, getRequest(`/view/${row.pId}`, { cookie }), {
      pId: String(row.pId),
    })
    expect(detail.data.product).toMatchObject({
      brandName: '竹子牙刷 Bamboo',
      websiteCommission: 1.25,
      marketing: null,
    })
  })

  test.each([
    [{ keywords: '' }, 'keywords', 'Please enter the keywords.'],
    [{ brandName: '  ' }, 'brandName', 'Please enter the brand name.'],
    [{ market: '' }, 'market', 'Please choose a market.'],
    [{ market: '99999' }, 'market', 'This market does not exist.'],
    [{ chineseSeller: '99999' }, 'chineseSeller', 'This Chinese seller does not exist.'],
    [{ categoryId: '99999' }, 'categoryId', 'This category does not exist.'],
    [{ commission: '-1' }, 'commission', 'The commission cannot be negative.'],
    [{ commission: 'ten' }, 'commission', 'The commission must be a number.'],
    [{ limitPerDay: '2.5' }, 'limitPerDay', 'The daily sale limit must be a whole number.'],
    [{ limitPerDay: '-3' }, 'limitPerDay', 'The daily sale limit must be at least 1.'],
    [{ limit: '0' }, 'limit', 'The overall sale limit must be at least 1.'],
    [
      { limitPerDay: '50', limit: '40' },
      'limitPerDay',
      'The daily sale limit cannot be more than the overall sale limit.',
    ],
    [
      { marketing: addDays(businessDate(), -1) },
      'marketing',
      'The end marketing date cannot be in the past.',
    ],
  ])(
    'refuses %j with a clear message and keeps the typed values',
    async (patch, field, message) => {
      const pmm = await makeUser({ role: 'pmm' })
      const cookie = await cookieFor(pmm)
      const r = await call(
        productsAction,
        multipartRequest('/activeProducts?tab=add', await productForm(patch), cookie),
      )
      expect(r.status).toBe(400)
      expect(fieldErrors(r)[field]?.[0]).toBe(message)
      expect(r.data.result.initialValue.soldBy).toBe('Green Home Direct')
    },
  )

  test('pictures are required and must be real images', async () => {
    const pmm = await makeUser({ role: 'pmm' })
    const cookie = await cookieFor(pmm)
    const missing = await call(
      productsAction,
      multipartRequest('/activeProducts', await productForm({}, false), cookie),
    )
    expect(fieldErrors(missing).image).toEqual(['Please choose the product picture.'])
    expect(fieldErrors(missing).screenShot).toEqual(['Please choose the marketplace picture.'])
    const form = await productForm()
    form.set('screenShot', new File(['<html>'], 'shot.png', { type: 'image/png' }))
    const fake = await call(productsAction, multipartRequest('/activeProducts', form, cookie))
    expect(fieldErrors(fake).screenShot).toEqual([
      'This file is not a picture. Please choose a JPEG, PNG, WebP, GIF or AVIF image.',
    ])
  })

  test('when one picture is refused, neither is stored', async () => {
    const { db } = await import('../../../db/client')
    const { pictures } = await import('../../../db/schema')
    const pmm = await makeUser({ role: 'pmm' })
    const form = await productForm()
    form.set(
      'image',
      new File([new Uint8Array(await makePictureBytes(901, 90))], 'new.png', { type: 'image/png' }),
    )
    form.set('screenShot', new File(['not a picture'], 'shot.png', { type: 'image/png' }))
    const before = db.select().from(pictures).all().length
    const r = await call(
      productsAction,
      multipartRequest('/activeProducts', form, await cookieFor(pmm)),
    )
    expect(r.status).toBe(400)
    expect(db.select().from(pictures).all().length).toBe(before)
  })

  test('an impossible date is refused', async () => {
    const pmm = await makeUser({ role: 'pmm' })
    const r = await call(
      productsAction,
      multipartRequest(
        '/activeProducts',
        await productForm({ marketing: '2031-02-31' }),
        await cookieFor(pmm),
      ),
    )
    expect(fieldErrors(r).marketing).toEqual(['Please enter the end marketing date as a date.'])
  })

  test('a pm cannot add products', async () => {
    const pm = await makeUser({ role: 'pm' })
    const r = await call(
      productsAction,
      multipartRequest('/activeProducts', await productForm(), await cookieFor(pm)),
    )
    expect(r.status).toBe(403)
  })
})

describe('tabs per role', () => {
  test('pmm: ADD, PRODUCTS, ADD NEW RESERVATION, RESERVED with PRODUCTS first shown; pm without ADD', async () => {
    const pmm = await makeUser({ role: 'pmm' })
    const pm = await makeUser({ role: 'pm' })
    // The screen's tab labels and the tab it shows, for a user at a URL.
    const tabsAt = async (url: string, user: User) => {
      const { data } = await call(
        productsLoader,
        getRequest(url, { cookie: await cookieFor(user) }),
      )
      return { labels: data.tabs.map((t: { label: string }) => t.label), tab: data.tab }
    }
    const a = await tabsAt('/activeProducts', pmm)
    expect(a.labels).toEqual(['ADD', 'PRODUCTS', 'ADD NEW RESERVATION', 'RESERVED'])
    expect(a.tab).toBe('products')
    const b = await tabsAt('/activeProducts?tab=add', pm)
    expect(b.labels).toEqual(['PRODUCTS', 'ADD NEW RESERVATION', 'RESERVED'])
    expect(b.tab).toBe('products') // a pm cannot open ADD by URL
  })
})

describe('enable and disable', () => {
  test('the owner disables and enables with the spec toasts; others change nothing', async () => {
    const pmm = await makeUser({ role: 'pmm' })
    const other = await makeUser({ role: 'pmm' })
    const pm = await makeUser({ role: 'pm' })
    const product = await makeProduct(pmm, refs)
    // Disable or Enable posted on a list's page by a user.
    const setStatus = async (
      action: typeof productsAction,
      url: string,
      status: 'published' | 'disabled',
      user: User,
    ) =>
      call(
        action,
        formRequest(
          url,
          { intent: 'setStatus', pId: String(product.pId), status },
          await cookieFor(user),
        ),
      )
    const off = await setStatus(productsAction, '/activeProducts?page=1', 'disabled', pmm)
    expect(off.location).toBe('/activeProducts?page=1')
    expect((await flashed(off))?.message).toBe('Successfully disabled product.')
    expect(getProductByPid(product.pId)?.status).toBe('disabled')

    for (const user of [other, pm]) {
      const r = await setStatus(disabledAction, '/disabledProduct', 'published', user)
      if (user.role === 'pm') expect(r.status).toBe(404)
      else
        expect((await flashed(r))?.message).toBe(
          `Error enabling product: No product found with ID ${product.pId}.`,
        )
      expect(getProductByPid(product.pId)?.status).toBe('disabled')
    }

    const list = await call(
      disabledLoader,
      getRequest('/disabledProduct', { cookie: await cookieFor(pmm) }),
    )
    expect(list.data.products.rows.map((p: { pId: number }) => p.pId)).toEqual([product.pId])
    const on = await setStatus(disabledAction, '/disabledProduct', 'published', pmm)
    expect((await flashed(on))?.message).toBe('Successfully enabled product.')
    expect(getProductByPid(product.pId)?.status).toBe('published')
  })

  test('a pm gets 404 on /disabledProduct', async () => {
    const pm = await makeUser({ role: 'pm' })
    expect(
      (await call(disabledLoader, getRequest('/disabledProduct', { cookie: await cookieFor(pm) })))
        .status,
    ).toBe(404)
  })
})

describe('reserving from the pages', () => {
  test('Products screen form: spec messages for bad ids, server refusals as toasts', async () => {
    const pm = await makeUser({ role: 'pm' })
    const cookie = await cookieFor(pm)
    const cases: Array<[string, string]> = [
      ['', 'Please enter Product ID'],
      ['abc', 'Please enter number.'],
      ['12345', 'Enter 6 digits product ID.'],
      ['1234567', "Please don't exceed over 6 digits product ID."],
    ]
    // The ADD NEW RESERVATION tab's form, sent with a typed Product ID.
    const reserve = (pId: string) =>
      call(
        productsAction,
        formRequest('/activeProducts?tab=reserve', { intent: 'reserve', from: 'tab', pId }, cookie),
      )
    for (const [pId, message] of cases) {
      const r = await reserve(pId)
      expect(r.status).toBe(400)
      expect(fieldErrors(r).pId).toEqual([message])
    }
    const unknown = await reserve('999998')
    expect(unknown.location).toBe('/activeProducts?tab=reserve')
    expect(await flashed(unknown)).toMatchObject({
      type: 'error',
      message: 'No product found with ID 999998.',
    })
  })

  test('Reserve button, reserved list, release', async () => {
    const pmm = await makeUser({ role: 'pmm' })
    const pm = await makeUser({ role: 'pm' })
    const product = await makeProduct(pmm, refs, { limitPerDay: 1 })
    const cookie = await cookieFor(pm)
    const r = await call(
      productsAction,
      formRequest(
        '/activeProducts?market=1',
        { intent: 'reserveRow', pId: String(product.pId) },
        cookie,
      ),
    )
    expect(r.location).toBe('/activeProducts?market=1')
    expect((await flashed(r))?.type).toBe('success')

    const reserved = await call(reservationsLoader, getRequest('/reservations', { cookie }))
    expect(reserved.data.tab).toBe('reserved')
    const row = reserved.data.reservations.rows[0]
    expect(row.pId).toBe(product.pId)
    expect(row.minutesLeft).toBe(59)

    const catalog = await call(
      productsLoader,
      getRequest(`/activeProducts?productId=${product.pId}`, { cookie }),
    )
    expect(catalog.data.products.rows[0].todayRemaining).toBe(0)

    const release = () =>
      call(
        reservationsAction,
        formRequest('/reservations', { intent: 'release', reservationId: String(row.id) }, cookie),
      )
    const released = await release()
    expect((await flashed(released))?.message).toBe('Product release successfully.')
    const again = await release()
    expect((await flashed(again))?.message).toBe(
      'Server error: No active reservation found for this product.',
    )
  })

  test('Reservations screen: free text, the server message as a toast either way', async () => {
    const pmm = await makeUser({ role: 'pmm' })
    const pm = await makeUser({ role: 'pm' })
    const product = await makeProduct(pmm, refs)
    const cookie = await cookieFor(pm)
    // The Reservations screen's form, sent with a typed Product ID.
    const reserve = (pId: string) =>
      call(
        reservationsAction,
        formRequest('/reservations?tab=reserve', { intent: 'reserve', pId }, cookie),
      )
    const ok = await reserve(` ${product.pId} `)
    expect(ok.location).toBe('/reservations')
    expect((await flashed(ok))?.message).toBe(
      'Product reserved successfully. It is held for you for 60 minutes.',
    )
    const text = await reserve('twelve')
    expect(text.location).toBe('/reservations?tab=reserve')
    expect(await flashed(text)).toMatchObject({ type: 'error', message: 'Please enter number.' })
    const dup = await reserve(String(product.pId))
    expect((await flashed(dup))?.message).toBe('You have already reserved this product.')
  })
})

describe('product detail and buyer link', () => {
  test('/view/:pId shows every field; unknown or disabled-for-others is 404', async () => {
    const pmm = await makeUser({ role: 'pmm' })
    const pm = await makeUser({ role: 'pm' })
    const product = await makeProduct(pmm, refs, { marketingEndDate: addDays(businessDate(), 10) })
    const cookie = await cookieFor(pm)
    const r = await call(viewLoader, getRequest(`/view/${product.pId}`, { cookie }), {
      pId: String(product.pId),
    })
    expect(r.data.product).toMatchObject({
      pId: product.pId,
      brandName: product.brandName,
      limitPerDay: 5,
      limit: 100,
      totalRemaining: 100,
      marketing: addDays(businessDate(), 10),
    })
    for (const pId of ['123', '999997', 'abc']) {
      expect((await call(viewLoader, getRequest(`/view/${pId}`, { cookie }), { pId })).status).toBe(
        404,
      )
    }
    const hidden = await makeProduct(pmm, refs, { status: 'disabled' })
    expect(
      (await call(viewLoader, getRequest('/view/x', { cookie }), { pId: String(hidden.pId) }))
        .status,
    ).toBe(404)
    expect(
      (
        await call(viewLoader, getRequest('/view/x', { cookie: await cookieFor(pmm) }), {
          pId: String(hidden.pId),
        })
      ).status,
    ).toBe(200)
  })

  test('/buyerLink lists product cards with the original picture to download', async () => {
    const pmm = await makeUser({ role: 'pmm' })
    const product = await makeProduct(pmm, refs)
    const r = await call(
      buyerLinkLoader,
      getRequest(`/buyerLink?productId=${product.pId}`, { cookie: await cookieFor(pmm) }),
    )
    expect(r.data.products.rows).toHaveLength(1)
    expect(r.data.products.rows[0].image.original).toMatch(/\/original$/)
  })
})

describe('intents', () => {
  test('each action answers 400 to an intent it does not know', async () => {
    const cookie = await cookieFor(await makeUser({ role: 'pmm' }))
    for (const [action, path] of [
      [productsAction, '/activeProducts'],
      [reservationsAction, '/reservations'],
      [disabledAction, '/disabledProduct'],
    ] as const) {
      const r = await call(action, formRequest(path, { intent: 'explode' }, cookie))
      expect(r.status).toBe(400)
    }
  })
})

import { describe, expect, test } from 'vitest'
import { makeOrder, makeProduct, makeUser } from '../../server/factories'
import { addDays, businessDate, startOfBusinessDay } from '~/core/business-day.server'
import { insertCategory, insertChineseSeller, insertMarket } from './lookup.server'
import { parseProductId } from '~/validation/product'
import { unwrap } from '~/core/result'
import { getProductView, listProducts, setProductStatus } from './product.server'
import {
  listReservations,
  minutesLeft,
  releaseReservation,
  reserveProduct,
  RESERVE_MESSAGES,
} from './reservation.server'

const MIN = 60_000
let seq = 0

async function setup(overrides: Parameters<typeof makeProduct>[2] = {}) {
  seq += 1
  const refs = {
    marketId: insertMarket(`Market ${seq}`, `Q${seq}`).id,
    categoryId: insertCategory(`Category ${seq}`).id,
    chineseSellerId: insertChineseSeller(`卖家 ${seq}`).id,
  }
  const pmm = await makeUser({ role: 'pmm' })
  const product = await makeProduct(pmm, refs, overrides)
  return { pmm, product, refs }
}

const pms = (n: number) => Promise.all(Array.from({ length: n }, () => makeUser({ role: 'pm' })))

describe('reserving', () => {
  test('a pm reserves a published product; the message says how long it is held', async () => {
    const { product } = await setup()
    const [pm] = await pms(1)
    const r = reserveProduct(pm, product.pId)
    expect(r).toMatchObject({ ok: true })
    expect(r.ok && r.message).toBe(RESERVE_MESSAGES.success(60))
  })

  test('only pms reserve', async () => {
    const { product, pmm } = await setup()
    const admin = await makeUser({ role: 'admin' })
    for (const user of [pmm, admin]) {
      expect(reserveProduct(user, product.pId)).toEqual({
        ok: false,
        code: 'forbidden',
        message: 'Only marketers can reserve products.',
      })
    }
  })

  test.each([
    ['', 'Please enter Product ID'],
    ['   ', 'Please enter Product ID'],
    ['abc', 'Please enter number.'],
    ['12.5', 'Please enter number.'],
    ['12345', 'Enter 6 digits product ID.'],
    ['1234567', "Please don't exceed over 6 digits product ID."],
  ])('free text %j is answered with %j', async (input, message) => {
    expect(parseProductId(input)).toEqual({ ok: false, message })
  })

  test('an unknown product id is a clear 404', async () => {
    const [pm] = await pms(1)
    expect(reserveProduct(pm, 999999)).toMatchObject({
      code: 'not_found',
      message: 'No product found with ID 999999.',
    })
  })

  test('the daily limit: the unit after the last one of today is refused', async () => {
    const { product } = await setup({ limitPerDay: 2, limit: 100 })
    const [a, b, c] = await pms(3)
    expect(reserveProduct(a, product.pId).ok).toBe(true)
    expect(reserveProduct(b, product.pId).ok).toBe(true)
    expect(reserveProduct(c, product.pId)).toMatchObject({
      ok: false,
      code: 'conflict',
      message: RESERVE_MESSAGES.todayFull,
    })
  })

  test("orders made today count against today's limit; yesterday's only against the total", async () => {
    const { product } = await setup({ limitPerDay: 2, limit: 4 })
    const [a, b, c] = await pms(3)
    const yesterday = new Date(Date.now() - 26 * 60 * MIN)
    makeOrder({ product, user: a, createdAt: yesterday })
    makeOrder({ product, user: a, statusId: 'reviewed', createdAt: yesterday })
    makeOrder({ product, user: b })
    expect(reserveProduct(b, product.pId).ok).toBe(true) // 2 today, 4 in all
    expect(reserveProduct(c, product.pId).ok).toBe(false)
  })

  test('the overall limit: cancelled orders give their unit back', async () => {
    const { product } = await setup({ limitPerDay: 10, limit: 2 })
    const [a, b, c] = await pms(3)
    const old = new Date(Date.now() - 3 * 24 * 60 * MIN)
    makeOrder({ product, user: a, createdAt: old })
    makeOrder({ product, user: a, statusId: 'cancelled', createdAt: old })
    expect(reserveProduct(b, product.pId).ok).toBe(true)
    expect(reserveProduct(c, product.pId)).toMatchObject({
      code: 'conflict',
      message: RESERVE_MESSAGES.totalFull,
    })
  })

  test('one active reservation per pm and product', async () => {
    const { product } = await setup()
    const [pm] = await pms(1)
    expect(reserveProduct(pm, product.pId).ok).toBe(true)
    expect(reserveProduct(pm, product.pId)).toMatchObject({
      code: 'conflict',
      message: 'You have already reserved this product.',
    })
  })

  test('a disabled product cannot be reserved', async () => {
    const { product } = await setup({ status: 'disabled' })
    const [pm] = await pms(1)
    expect(reserveProduct(pm, product.pId)).toMatchObject({
      code: 'conflict',
      message: 'This product is disabled and cannot be reserved.',
    })
  })

  test('the end marketing date: the last day still counts, the day after does not', async () => {
    const today = businessDate()
    const { product: lastDay } = await setup({ marketingEndDate: today })
    const { product: ended } = await setup({ marketingEndDate: addDays(today, -1) })
    const [pm] = await pms(1)
    expect(reserveProduct(pm, lastDay.pId).ok).toBe(true)
    expect(reserveProduct(pm, ended.pId)).toMatchObject({
      code: 'conflict',
      message: 'Marketing for this product has ended.',
    })
  })
})

describe('expiry and release', () => {
  test('a reservation holds its unit for 60 minutes, then stops counting at once', async () => {
    const { product } = await setup({ limitPerDay: 1, limit: 10 })
    const [a, b] = await pms(2)
    // Mid-morning, so the hour that follows stays in the same business day (a reservation taken
    // yesterday no longer counts against today's limit).
    const t0 = new Date(startOfBusinessDay(new Date()).getTime() + 10 * 60 * MIN)
    expect(reserveProduct(a, product.pId, t0).ok).toBe(true)
    expect(reserveProduct(b, product.pId, new Date(t0.getTime() + 59 * MIN)).ok).toBe(false)
    const after = new Date(t0.getTime() + 60 * MIN + 1)
    expect(reserveProduct(b, product.pId, after).ok).toBe(true)
    // The first pm's reservation has expired, so it no longer blocks them either (unit is b's now).
    expect(reserveProduct(a, product.pId, after).ok).toBe(false)
    expect(reserveProduct(a, product.pId, after).message).toBe(RESERVE_MESSAGES.todayFull)
  })

  test('minutes left count down from 59 and never go below 0', () => {
    const now = new Date()
    expect(minutesLeft(new Date(now.getTime() + 60 * MIN - 1), now)).toBe(59)
    expect(minutesLeft(new Date(now.getTime() + 30 * MIN + 5), now)).toBe(30)
    expect(minutesLeft(new Date(now.getTime() - MIN), now)).toBe(0)
  })

  test('RELEASE frees the unit', async () => {
    const { product } = await setup({ limitPerDay: 1 })
    const [a, b] = await pms(2)
    expect(reserveProduct(a, product.pId).ok).toBe(true)
    expect(reserveProduct(b, product.pId).ok).toBe(false)
    expect(releaseReservation(a, { pId: product.pId })).toEqual({
      ok: true,
      message: 'Product release successfully.',
    })
    expect(reserveProduct(b, product.pId).ok).toBe(true)
  })

  test("another pm cannot release someone's reservation; the owner pmm and an admin can", async () => {
    const { product, pmm } = await setup({ limitPerDay: 5 })
    const otherPmm = await makeUser({ role: 'pmm' })
    const admin = await makeUser({ role: 'admin' })
    const [a, b, c] = await pms(3)
    const ra = reserveProduct(a, product.pId)
    const rc = reserveProduct(c, product.pId)
    if (!ra.ok || !rc.ok) throw new Error('setup')
    expect(releaseReservation(b, { reservationId: ra.reservationId }).ok).toBe(false)
    expect(releaseReservation(otherPmm, { reservationId: ra.reservationId }).ok).toBe(false)
    expect(releaseReservation(pmm, { reservationId: ra.reservationId }).ok).toBe(true)
    expect(releaseReservation(admin, { reservationId: rc.reservationId }).ok).toBe(true)
    expect(releaseReservation(admin, { reservationId: rc.reservationId }).ok).toBe(false)
  })

  test('an expired reservation cannot be released (there is nothing to free)', async () => {
    const { product } = await setup()
    const [a] = await pms(1)
    const t0 = new Date(Date.now() - 61 * MIN)
    expect(reserveProduct(a, product.pId, t0).ok).toBe(true)
    expect(releaseReservation(a, { pId: product.pId }).ok).toBe(false)
  })
})

describe('who sees which reservations', () => {
  test('a pm their own, a pmm those on their products, an admin all; expired ones nobody', async () => {
    const one = await setup()
    const two = await setup()
    const admin = await makeUser({ role: 'admin' })
    const [a, b] = await pms(2)
    reserveProduct(a, one.product.pId)
    reserveProduct(b, two.product.pId)
    reserveProduct(a, two.product.pId, new Date(Date.now() - 61 * MIN))
    const pids = (list: ReturnType<typeof listReservations>) => list.rows.map((r) => r.pId)
    expect(pids(listReservations(a))).toEqual([one.product.pId])
    expect(pids(listReservations(b))).toEqual([two.product.pId])
    expect(pids(listReservations(one.pmm))).toEqual([one.product.pId])
    expect(pids(listReservations(two.pmm))).toEqual([two.product.pId])
    const all = pids(listReservations(admin))
    expect(all).toContain(one.product.pId)
    expect(all).toContain(two.product.pId)
    const fresh = listReservations(a).rows[0]
    expect(fresh.minutesLeft).toBe(59)
    expect(fresh.marketerName).toBe(a.name)
  })

  test('filters: market, product id and manager', async () => {
    const one = await setup()
    const two = await setup()
    const admin = await makeUser({ role: 'admin' })
    const [a] = await pms(1)
    reserveProduct(a, one.product.pId)
    reserveProduct(a, two.product.pId)
    const pids = (f: Parameters<typeof listReservations>[1]) =>
      listReservations(admin, f).rows.map((r) => r.pId)
    expect(pids({ market: one.refs.marketId })).toEqual([one.product.pId])
    expect(pids({ productId: two.product.pId })).toEqual([two.product.pId])
    expect(pids({ sellerName: two.pmm.id })).toEqual([two.product.pId])
  })
})

describe('products: lists and enabling', () => {
  test('a pmm sees their own published products; a pm all published ones still marketed', async () => {
    const mine = await setup()
    const theirs = await setup()
    const ended = await setup({ marketingEndDate: addDays(businessDate(), -1) })
    const off = await setup({ status: 'disabled' })
    const [pm] = await pms(1)
    const pids = (list: ReturnType<typeof listProducts>) =>
      (list.ok ? list.rows : []).map((r) => r.pId)
    expect(pids(listProducts(mine.pmm, 'catalog'))).toEqual([mine.product.pId])
    const forPm = pids(listProducts(pm, 'catalog', { page: 1 }))
    expect(forPm).toEqual(expect.arrayContaining([mine.product.pId, theirs.product.pId]))
    expect(forPm).not.toContain(ended.product.pId)
    expect(forPm).not.toContain(off.product.pId)
    expect(pids(listProducts(off.pmm, 'disabled'))).toEqual([off.product.pId])
    expect(listProducts(pm, 'disabled')).toMatchObject({ ok: false, code: 'not_found' })
    expect(listProducts(mine.pmm, 'all')).toMatchObject({ ok: false, code: 'not_found' })
    const admin = await makeUser({ role: 'admin' })
    const everything = pids(listProducts(admin, 'all', { page: 1 }))
    expect(everything).toEqual(
      expect.arrayContaining([off.product.pId, ended.product.pId, mine.product.pId]),
    )
  })

  test('rows carry the remainders derived from reservations and orders', async () => {
    const { product, pmm } = await setup({ limitPerDay: 5, limit: 20 })
    const [a, b] = await pms(2)
    reserveProduct(a, product.pId)
    makeOrder({ product, user: b })
    makeOrder({ product, user: b, createdAt: new Date(Date.now() - 3 * 24 * 60 * MIN) })
    const row = unwrap(listProducts(pmm, 'catalog')).rows[0]
    expect(row).toMatchObject({ todayRemaining: 3, totalRemaining: 17, limit: 20, commission: 8 })
    const forA = unwrap(listProducts(a, 'catalog', { productId: product.pId })).rows[0]
    const forB = unwrap(listProducts(b, 'catalog', { productId: product.pId })).rows[0]
    expect([forA.reservedByYou, forB.reservedByYou]).toEqual([true, false])
  })

  test('only the owner pmm or an admin may enable or disable', async () => {
    const { product, pmm } = await setup()
    const otherPmm = await makeUser({ role: 'pmm' })
    const admin = await makeUser({ role: 'admin' })
    const [pm] = await pms(1)
    expect(setProductStatus(pm, product.pId, 'disabled')).toMatchObject({
      ok: false,
      code: 'not_found',
    })
    expect(setProductStatus(otherPmm, product.pId, 'disabled')).toMatchObject({
      ok: false,
      code: 'not_found',
    })
    expect(getProductView(pm, product.pId)?.status).toBe('published')
    setProductStatus(pmm, product.pId, 'disabled')
    expect(getProductView(pm, product.pId)).toBeUndefined() // hidden from others once disabled
    expect(getProductView(pmm, product.pId)?.status).toBe('disabled')
    setProductStatus(admin, product.pId, 'published')
    expect(getProductView(pm, product.pId)?.status).toBe('published')
  })

  test('25 rows a page with the page count; filters by keyword, market and product id', async () => {
    const { pmm, refs } = await setup({ keywords: 'needle 100% cotton' })
    for (let i = 0; i < 26; i++) await makeProduct(pmm, refs)
    const first = unwrap(listProducts(pmm, 'catalog', { page: 1 }))
    expect([first.rows.length, first.total, first.pageCount]).toEqual([25, 27, 2])
    const second = unwrap(listProducts(pmm, 'catalog', { page: 2 }))
    expect(second.rows.length).toBe(2)
    expect(unwrap(listProducts(pmm, 'catalog', { page: 99 })).page).toBe(2)
    expect(unwrap(listProducts(pmm, 'catalog', { searchByKey: '100%' })).total).toBe(1)
    expect(unwrap(listProducts(pmm, 'catalog', { searchByKey: '_' })).total).toBe(0)
    const pId = first.rows[3].pId
    expect(unwrap(listProducts(pmm, 'catalog', { productId: pId })).rows.map((r) => r.pId)).toEqual(
      [pId],
    )
    expect(unwrap(listProducts(pmm, 'catalog', { market: refs.marketId + 1000 })).total).toBe(0)
  })
})

import { describe, expect, test } from 'vitest'
import { orders } from '../../db/schema'
import { makeOrder, makeProduct, makeUser } from '../../server/factories'
import { makeRefs } from '../../tests/api'
import { unwrap } from '~/core/result'
import {
  OrderListQuery,
  ProductListQuery,
  PmListQuery,
  readQueryLenient,
  readQueryStrict,
} from '~/schemas/list-queries'
import { listOrders, listOrdersForExport, listStatuses, orderListOrder } from './order.server'
import { listUsers } from './admin-users.server'
import { keysetIdBatches } from './paginate.server'
import { orderVisibility } from './order.server'
import { listProducts } from './product.server'

const q = (text: string) => new URLSearchParams(text)

describe('sort parameters', () => {
  test('a page drops an unknown sort or direction and shows the default order', () => {
    expect(readQueryLenient(OrderListQuery, q('sort=password&dir=sideways&page=2'))).toEqual({
      page: 2,
    })
    expect(readQueryLenient(OrderListQuery, q('sort=commission&dir=desc'))).toEqual({
      sort: 'commission',
      dir: 'desc',
    })
  })

  test('the API refuses an unknown sort or direction, naming it', () => {
    expect(readQueryStrict(OrderListQuery, q('sort=password'))).toEqual({
      ok: false,
      code: 'invalid',
      message:
        'Invalid sort: please send one of updatedAt, orderNumber, sellerId, commission, status.',
    })
    expect(readQueryStrict(ProductListQuery, q('sort=pId&dir=sideways'))).toEqual({
      ok: false,
      code: 'invalid',
      message: 'Invalid dir: please send asc or desc.',
    })
    expect(readQueryStrict(PmListQuery, q('sort=email'))).toMatchObject({
      message: 'Invalid sort: please send one of id, name.',
    })
  })

  test('status ids sort as their names do, so sorting by the id sorts by what the list shows', () => {
    const statuses = listStatuses()
    const byId = [...statuses].sort((a, b) => (a.id < b.id ? -1 : 1)).map((s) => s.name)
    const byName = [...statuses].sort((a, b) => (a.name < b.name ? -1 : 1)).map((s) => s.name)
    expect(byId).toEqual(byName)
  })
})

/** A pmm with three products (commissions 10, 30, 20) and two pms with orders on them. */
async function world() {
  const refs = makeRefs()
  const pmm = await makeUser({ role: 'pmm' })
  const [pm, otherPm] = [await makeUser({ role: 'pm' }), await makeUser({ role: 'pm' })]
  const tag = `SRT${Math.random().toString(36).slice(2, 7)}`
  const made = []
  let n = 0
  for (const commission of [1000, 3000, 2000]) {
    const product = await makeProduct(pmm, refs, { commission })
    for (const user of [pm, otherPm]) {
      n += 1
      made.push(
        makeOrder({
          product,
          user,
          orderNumber: `${tag}-${String.fromCharCode(100 - n)}`, // descending letters: c, b, a...
          updatedAt: new Date(Date.UTC(2026, 0, n)),
        }),
      )
    }
  }
  return { pmm, pm, otherPm, tag, made }
}

describe('sorted order lists', () => {
  test('each column sorts both ways; ties keep a stable order by id', async () => {
    const w = await world()
    const list = (sort: 'commission' | 'orderNumber' | 'updatedAt', dir: 'asc' | 'desc') =>
      unwrap(listOrders(w.pmm, { orderNumber: w.tag, sort, dir })).rows.map((o) => [
        o.orderNumber.slice(-1),
        o.commission,
      ])
    expect(list('commission', 'asc')).toEqual([
      ['c', 10],
      ['b', 10],
      ['_', 20],
      ['^', 20],
      ['a', 30],
      ['`', 30],
    ])
    expect(list('commission', 'desc').map(([, c]) => c)).toEqual([30, 30, 20, 20, 10, 10])
    expect(list('orderNumber', 'asc').map(([l]) => l)).toEqual(['^', '_', '`', 'a', 'b', 'c'])
    expect(list('updatedAt', 'desc').map(([l]) => l)).toEqual(['^', '_', '`', 'a', 'b', 'c'])
  })

  test('a pm sorting the list still sees only their own orders', async () => {
    const w = await world()
    for (const sort of ['commission', 'orderNumber', 'sellerId', 'status', 'updatedAt'] as const) {
      const rows = unwrap(listOrders(w.pm, { orderNumber: w.tag, sort, dir: 'asc' })).rows
      expect(rows.map((o) => o.marketer.id)).toEqual([w.pm.id, w.pm.id, w.pm.id])
    }
  })

  test("an export holds exactly the list's rows, all pages, in its order, for that viewer only", async () => {
    const w = await world()
    for (const viewer of [w.pm, w.otherPm, w.pmm]) {
      const filters = { orderNumber: w.tag, sort: 'commission', dir: 'desc' } as const
      const page = unwrap(listOrders(viewer, filters)).rows.map((o) => o.id)
      const exported = [...listOrdersForExport(viewer, filters)].map((o) => o.id)
      expect(exported).toEqual(page)
    }
    const otherPmsOrders = w.made.filter((o) => o.userId === w.otherPm.id).map((o) => o.id)
    const pmExport = [...listOrdersForExport(w.pm, { orderNumber: w.tag })].map((o) => o.id)
    expect(pmExport).toHaveLength(3)
    expect(pmExport.filter((id) => otherPmsOrders.includes(id))).toEqual([])
  })

  test('keyset batches of two walk the whole list in its order, either way', async () => {
    const w = await world()
    for (const dir of ['asc', 'desc'] as const) {
      const order = orderListOrder({ sort: 'commission', dir })
      const where = orderVisibility(w.pm)
      const batches = [...keysetIdBatches({ table: orders, where, order }, 2)]
      const page = unwrap(listOrders(w.pm, { sort: 'commission', dir })).rows.map((o) => o.id)
      expect(batches.flat()).toEqual(page)
      expect(batches.map((b) => b.length)).toEqual([2, 1])
    }
  })
})

describe('sorted product and user lists', () => {
  test('products sort by Sale Limit, Commission and Product ID', async () => {
    const refs = makeRefs()
    const pmm = await makeUser({ role: 'pmm' })
    for (const [limit, commission] of [
      [30, 100],
      [10, 300],
      [20, 200],
    ])
      await makeProduct(pmm, refs, { limit, commission })
    const list = (sort: 'limit' | 'commission' | 'pId', dir: 'asc' | 'desc') =>
      unwrap(listProducts(pmm, 'catalog', { sort, dir })).rows
    expect(list('limit', 'asc').map((p) => p.limit)).toEqual([10, 20, 30])
    expect(list('commission', 'desc').map((p) => p.commission)).toEqual([3, 2, 1])
    const pIds = list('pId', 'asc').map((p) => p.pId)
    expect(pIds).toEqual([...pIds].sort((a, b) => a - b))
  })

  test('users sort by name', async () => {
    const tag = `Srt${Math.random().toString(36).slice(2, 7)}`
    for (const name of ['Chen', 'Ahmed', 'Bui'])
      await makeUser({ role: 'pm', name: `${tag} ${name}` })
    const admin = await makeUser({ role: 'admin' })
    const names = (dir: 'asc' | 'desc') =>
      unwrap(listUsers(admin, 'pm', { name: tag, sort: 'name', dir })).rows.map((u) =>
        u.name.slice(tag.length + 1),
      )
    expect(names('asc')).toEqual(['Ahmed', 'Bui', 'Chen'])
    expect(names('desc')).toEqual(['Chen', 'Bui', 'Ahmed'])
  })
})

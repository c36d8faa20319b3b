import { describe, expect, test } from 'vitest'
import { makeProduct, makeUser } from '../../server/factories'
import { insertCategory, insertChineseSeller, productLookups } from './lookup.server'
import {
  addMarket,
  listMarketsPage,
  MARKET_NAME_TAKEN_MESSAGE,
  MARKET_SHORT_NAME_TAKEN_MESSAGE,
  renameMarket,
} from './market.server'
import { listAdminProducts } from './product.server'
import { unwrap } from '~/core/result'
import { uniqueName } from '../../tests/unique'

describe('markets', () => {
  test('an admin adds a market; the list finds it by a part of its name', async () => {
    const admin = await makeUser({ role: 'admin' })
    const name = uniqueName('Bazaar')
    const { market } = unwrap(addMarket(admin, { name, shortName: uniqueName('BZ') }))
    const found = unwrap(listMarketsPage(admin, { q: name.slice(2).toLowerCase() }))
    expect(found.total).toBe(1)
    expect(found.rows.map((m) => m.id)).toEqual([market.id])
  })

  test('a name or short name taken in another letter case is refused, on its field', async () => {
    const admin = await makeUser({ role: 'admin' })
    const name = uniqueName('Souk')
    const shortName = uniqueName('SK')
    unwrap(addMarket(admin, { name, shortName }))
    expect(
      addMarket(admin, { name: name.toUpperCase(), shortName: uniqueName('X') }),
    ).toMatchObject({
      ok: false,
      code: 'conflict',
      fieldErrors: { name: [MARKET_NAME_TAKEN_MESSAGE] },
    })
    expect(
      addMarket(admin, { name: uniqueName('Other'), shortName: shortName.toLowerCase() }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { shortName: [MARKET_SHORT_NAME_TAKEN_MESSAGE] },
    })
    expect(unwrap(listMarketsPage(admin, { q: name })).total).toBe(1)
  })

  test('a pm or pmm may neither list nor add', async () => {
    for (const role of ['pm', 'pmm'] as const) {
      const user = await makeUser({ role })
      expect(listMarketsPage(user)).toMatchObject({ ok: false, code: 'forbidden' })
      expect(addMarket(user, { name: uniqueName('No'), shortName: uniqueName('N') })).toMatchObject(
        {
          ok: false,
          code: 'forbidden',
        },
      )
    }
  })

  test('25 a page, newest first, and the count follows each insert', async () => {
    const admin = await makeUser({ role: 'admin' })
    const tag = uniqueName('Paged')
    const ids = Array.from(
      { length: 26 },
      (_, i) =>
        unwrap(addMarket(admin, { name: `${tag} ${i}`, shortName: `${tag}/${i}` })).market.id,
    )
    const first = unwrap(listMarketsPage(admin, { q: tag }))
    expect([first.total, first.pageCount, first.rows.length]).toEqual([26, 2, 25])
    expect(first.rows[0]?.id).toBe(ids[25])
    const second = unwrap(listMarketsPage(admin, { q: tag, page: 2 }))
    expect(second.rows.map((m) => m.id)).toEqual([ids[0]])
    unwrap(addMarket(admin, { name: `${tag} 26`, shortName: `${tag}/26` }))
    expect(unwrap(listMarketsPage(admin, { q: tag })).total).toBe(27)
  })

  test('a rename shows in the lookups and in the products of that market at once', async () => {
    const admin = await makeUser({ role: 'admin' })
    const pmm = await makeUser({ role: 'pmm' })
    const { market } = unwrap(
      addMarket(admin, { name: uniqueName('Old'), shortName: uniqueName('OL') }),
    )
    const product = await makeProduct(pmm, {
      marketId: market.id,
      categoryId: insertCategory(uniqueName('Cat')).id,
      chineseSellerId: insertChineseSeller(uniqueName('Seller')).id,
    })
    expect(productLookups().markets.map((m) => m.name)).toContain(market.name) // now remembered
    const name = uniqueName('New')
    expect(unwrap(renameMarket(admin, market.id, name)).market).toMatchObject({
      id: market.id,
      name,
    })
    expect(productLookups().markets.find((m) => m.id === market.id)?.name).toBe(name)
    const listed = unwrap(listAdminProducts(admin, { productId: product.pId }))
    expect(listed.rows.map((p) => p.market.name)).toEqual([name])
  })

  test('a rename to a name taken in another case is refused and changes nothing', async () => {
    const admin = await makeUser({ role: 'admin' })
    const taken = unwrap(
      addMarket(admin, { name: uniqueName('Taken'), shortName: uniqueName('T') }),
    ).market
    const { market } = unwrap(
      addMarket(admin, { name: uniqueName('Mine'), shortName: uniqueName('M') }),
    )
    expect(renameMarket(admin, market.id, ` ${taken.name.toUpperCase()}`.trim())).toMatchObject({
      ok: false,
      code: 'conflict',
      fieldErrors: { name: [MARKET_NAME_TAKEN_MESSAGE] },
    })
    expect(unwrap(listMarketsPage(admin, { q: market.name })).rows[0]?.name).toBe(market.name)
    // Its own name in another case is no conflict.
    expect(renameMarket(admin, market.id, market.name.toUpperCase()).ok).toBe(true)
    expect(renameMarket(admin, 999_999_999, uniqueName('Ghost'))).toMatchObject({
      code: 'not_found',
    })
  })
})

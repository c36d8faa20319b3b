import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '../../db/client'
import { makeProduct, makeUser } from '../../db/factories'
import { products } from '../../db/schema'
import { insertCategory, insertChineseSeller, insertMarket } from './lookup.server'
import { listProducts } from './product.server'
import { unwrap } from './result'

/** A manager with three products; their catalog is the list searched. */
async function catalog() {
  const n = Math.random().toString(36).slice(2, 8)
  const refs = {
    marketId: insertMarket(`Search market ${n}`, `S${n}`).id,
    categoryId: insertCategory(`Search category ${n}`).id,
    chineseSellerId: insertChineseSeller(`搜索卖家 ${n}`).id,
  }
  const pmm = await makeUser({ role: 'pmm' })
  const make = (keywords: string, brandName: string) =>
    makeProduct(pmm, refs, { keywords, brandName })
  const items = {
    lamp: await make('Desk lamp, warm light', 'Lumos'),
    mug: await make('Coffee mug 50% off', 'Mugworks'),
    tea: await make('绿茶 green tea', 'Teahouse "Oolong"'),
  }
  const search = (searchByKey: string) =>
    unwrap(listProducts(pmm, 'catalog', { searchByKey })).rows.map((r) => r.pId)
  return { items, search }
}

describe('keyword search in the products list', () => {
  test('finds a text anywhere in the keywords or the brand, whatever its case', async () => {
    const { items, search } = await catalog()
    expect(search('LAMP')).toEqual([items.lamp.pId])
    expect(search('k lam')).toEqual([items.lamp.pId])
    expect(search('workS')).toEqual([items.mug.pId])
    expect(search('绿茶 gr')).toEqual([items.tea.pId])
    expect(search('e')).toHaveLength(3)
    expect(search('nothing like it')).toEqual([])
  })

  test('short texts, quotes and wildcards are searched as typed', async () => {
    const { items, search } = await catalog()
    expect(search('50')).toEqual([items.mug.pId])
    expect(search('50%')).toEqual([items.mug.pId])
    expect(search('"Oolong"')).toEqual([items.tea.pId])
    expect(search('"')).toEqual([items.tea.pId])
    expect(search('%')).toEqual([items.mug.pId])
    expect(search('_')).toEqual([])
    expect(search('AND')).toEqual([])
    expect(search('lamp OR mug')).toEqual([])
  })

  test('follows edits and deletions of products', async () => {
    const { items, search } = await catalog()
    db.update(products)
      .set({ keywords: 'Floor lantern' })
      .where(eq(products.id, items.lamp.id))
      .run()
    expect(search('lamp')).toEqual([])
    expect(search('lantern')).toEqual([items.lamp.pId])
    db.delete(products).where(eq(products.id, items.mug.id)).run()
    expect(search('mug')).toEqual([])
  })
})

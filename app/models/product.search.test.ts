import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '../../db/client'
import { makeProduct, makeUser } from '../../server/factories'
import { products } from '../../db/schema'
import { makeRefs } from '../../tests/api'
import { listProducts } from './product.server'
import { unwrap } from '~/core/result'

/** A manager with three products; their catalog is the list searched. */
async function catalog() {
  const refs = makeRefs()
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
  // What is typed, and which products it finds (none, one or all three).
  const searches: Array<[string, Array<'lamp' | 'mug' | 'tea'>]> = [
    // Anywhere in the keywords or the brand, whatever its case.
    ['LAMP', ['lamp']],
    ['k lam', ['lamp']],
    ['workS', ['mug']],
    ['绿茶 gr', ['tea']],
    ['e', ['tea', 'mug', 'lamp']],
    ['nothing like it', []],
    // Short texts, quotes, wildcards and query words, as typed.
    ['50', ['mug']],
    ['50%', ['mug']],
    ['"Oolong"', ['tea']],
    ['"', ['tea']],
    ['%', ['mug']],
    ['_', []],
    ['AND', []],
    ['lamp OR mug', []],
  ]
  test.each(searches)('%s finds %j', async (text, found) => {
    const { items, search } = await catalog()
    expect(search(text)).toEqual(found.map((name) => items[name].pId))
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

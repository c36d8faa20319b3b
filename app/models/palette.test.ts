import { describe, expect, test } from 'vitest'
import { makeOrder, makeProduct, makeUser } from '../../server/factories'
import { makeRefs } from '../../tests/api'
import { paletteSearch } from './palette.server'

describe('the command palette’s search', () => {
  test('a pm finds their own orders by a part of the number or the email, never another pm’s', async () => {
    const [pmm, pm, otherPm] = await Promise.all([
      makeUser({ role: 'pmm' }),
      makeUser({ role: 'pm' }),
      makeUser({ role: 'pm' }),
    ])
    const product = await makeProduct(pmm, makeRefs())
    const stamp = `pal${Date.now().toString(36)}`
    const mine = makeOrder({
      product,
      user: pm,
      orderNumber: `${stamp}-A`,
      customerEmail: `${stamp}@buyer.test`,
    })
    makeOrder({ product, user: otherPm, orderNumber: `${stamp}-B` })
    expect(paletteSearch(pm, stamp).filter((h) => h.kind === 'order')).toEqual([
      {
        kind: 'order',
        label: `${stamp}-A (${stamp}@buyer.test)`,
        href: `/orders/view/${mine.id}`,
      },
    ])
    // The pmm who owns the product finds both.
    expect(paletteSearch(pmm, stamp).filter((h) => h.kind === 'order')).toHaveLength(2)
    expect(paletteSearch(pm, String(product.pId))).toEqual([
      { kind: 'product', label: String(product.pId), href: `/view/${product.pId}` },
    ])
  })

  test('screens by name, as the user’s sidebar has them', async () => {
    const admin = await makeUser({ role: 'admin' })
    expect(paletteSearch(admin, 'orders')).toEqual([
      { kind: 'screen', label: 'All Orders', href: '/all/order' },
    ])
    const pm = await makeUser({ role: 'pm' })
    expect(paletteSearch(pm, 'report')).toEqual([])
  })
})

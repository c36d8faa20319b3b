import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '../../db/client'
import { users } from '../../db/schema'
import { makeOrder, makeProduct, makeUser } from '../../server/factories'
import { makeRefs } from '../../tests/api'
import { reportFilterChoices } from './report.server'

// The report's Manager and Marketer filters offer the people of the orders the viewer may see,
// and always the viewer themself (product.md): a new pm or pmm finds their own name there.
describe("the report's people", () => {
  test('a pm and a pmm without orders find themselves, and only themselves', async () => {
    const [pm, pmm] = [await makeUser({ role: 'pm' }), await makeUser({ role: 'pmm' })]
    expect(reportFilterChoices(pm)).toMatchObject({
      managers: [],
      marketers: [{ id: pm.id, name: pm.name }],
    })
    expect(reportFilterChoices(pmm)).toMatchObject({
      managers: [{ id: pmm.id, name: pmm.name }],
      marketers: [],
    })
  })

  test('with orders, the viewer is listed once among the others', async () => {
    const pmm = await makeUser({ role: 'pmm', name: 'Zoe Manager' })
    const [pm, other] = [
      await makeUser({ role: 'pm', name: 'Bea Marketer' }),
      await makeUser({ role: 'pm', name: 'Abe Marketer' }),
    ]
    const product = await makeProduct(pmm, makeRefs())
    makeOrder({ product, user: pm })
    makeOrder({ product, user: other })
    expect(reportFilterChoices(pm).marketers).toEqual([{ id: pm.id, name: 'Bea Marketer' }])
    expect(reportFilterChoices(pmm).marketers.map((m) => m.name)).toEqual([
      'Abe Marketer',
      'Bea Marketer',
    ])
    expect(reportFilterChoices(pmm).managers).toEqual([{ id: pmm.id, name: 'Zoe Manager' }])
  })
})

describe('the people, found by skipping through an index', () => {
  test('are those of the orders the viewer may see, live ones, by name', async () => {
    const [pmm, otherPmm] = [
      await makeUser({ role: 'pmm', name: 'Mia Manager' }),
      await makeUser({ role: 'pmm', name: 'Al Manager' }),
    ]
    const [pm, pm2, gone, stranger] = [
      await makeUser({ role: 'pm', name: 'Cy Marketer' }),
      await makeUser({ role: 'pm', name: 'Ann Marketer' }),
      await makeUser({ role: 'pm', name: 'Bo Gone' }),
      await makeUser({ role: 'pm', name: 'Di Stranger' }),
    ]
    const refs = makeRefs()
    const [a, b] = [await makeProduct(pmm, refs), await makeProduct(pmm, refs)]
    const theirs = await makeProduct(otherPmm, refs)
    // Several orders per product and marketer, on both of the pmm's products.
    for (const [product, user] of [
      [a, pm],
      [a, pm],
      [a, gone],
      [b, pm2],
      [b, pm],
      [theirs, pm],
      [theirs, stranger],
    ] as const)
      makeOrder({ product, user })
    db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id)).run()
    // A pmm: the live marketers of the orders on their products (not the other pmm's marketer).
    expect(reportFilterChoices(pmm).marketers).toEqual([
      { id: pm2.id, name: 'Ann Marketer' },
      { id: pm.id, name: 'Cy Marketer' },
    ])
    // A pm: the managers of every product they ordered, each once.
    expect(reportFilterChoices(pm).managers).toEqual([
      { id: otherPmm.id, name: 'Al Manager' },
      { id: pmm.id, name: 'Mia Manager' },
    ])
    expect(reportFilterChoices(stranger).managers).toEqual([
      { id: otherPmm.id, name: 'Al Manager' },
    ])
  })
})

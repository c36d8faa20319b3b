import { describe, expect, test } from 'vitest'
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

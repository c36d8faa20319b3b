import { execFileSync } from 'node:child_process'
import { describe, expect, test } from 'vitest'
import { makeUser } from '../../../../server/factories'
import { orderWorld, placeOrder } from '../../../../tests/orders'
import { call, getRequest } from '../../../../tests/route'
import { sessionCookie } from '../../../../tests/api'
import { loader as pdfLoader } from '../../orderReport.export[.]pdf'
import { loader } from './route'

describe('/orderReport filter choices', () => {
  test("a pm's Manager and Marketer choices name only the people of their own orders", async () => {
    const w = await orderWorld()
    await placeOrder(w)
    const otherPmm = await makeUser({ role: 'pmm', name: 'Zhang Wei Other Manager' })
    const otherPm = await makeUser({ role: 'pm', name: 'Nguyễn Other Marketer' })
    const admin = await makeUser({ role: 'admin' })

    const asPm = await call(loader, getRequest('/orderReport', { cookie: w.pm.cookie }))
    expect(asPm.status).toBe(200)
    expect(asPm.data.choices.managers).toEqual([{ id: w.pmm.user.id, name: w.pmm.user.name }])
    expect(asPm.data.choices.marketers).toEqual([{ id: w.pm.user.id, name: w.pm.user.name }])
    const text = JSON.stringify(asPm.data)
    expect(text).not.toContain(otherPmm.name)
    expect(text).not.toContain(otherPm.name)

    // A pmm: themself, and the marketers of the orders on their products.
    const asPmm = await call(loader, getRequest('/orderReport', { cookie: w.pmm.cookie }))
    expect(asPmm.data.choices.managers).toEqual([{ id: w.pmm.user.id, name: w.pmm.user.name }])
    expect(asPmm.data.choices.marketers).toEqual([{ id: w.pm.user.id, name: w.pm.user.name }])

    // An admin chooses among everyone.
    const asAdmin = await call(
      loader,
      getRequest('/orderReport', { cookie: await sessionCookie(admin.id) }),
    )
    const managers = asAdmin.data.choices.managers.map((m: { name: string }) => m.name)
    expect(managers).toEqual(expect.arrayContaining([otherPmm.name, w.pmm.user.name]))
    const marketers = asAdmin.data.choices.marketers.map((m: { name: string }) => m.name)
    expect(marketers).toEqual(expect.arrayContaining([otherPm.name, w.pm.user.name]))
  })
})

test("a pm's PDF never names a manager whose orders they do not see, whatever the URL says", async () => {
  const w = await orderWorld()
  await placeOrder(w)
  const otherPmm = await makeUser({ role: 'pmm', name: 'Li Na Hidden Manager' })
  const request = getRequest(`/orderReport/export.pdf?manager=${otherPmm.id}`, {
    cookie: w.pm.cookie,
  })
  const response = (await pdfLoader({ request, params: {}, context: {} })) as Response
  expect(response.status).toBe(200)
  const pdf = Buffer.from(await response.arrayBuffer())
  const text = execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString()
  expect(text).toContain('Manager: All')
  expect(text).not.toContain(otherPmm.name)
})

import { describe, expect, test } from 'vitest'
import { makeOrder, makeProduct, makeUser } from '../../server/factories'
import { makeRefs, sessionCookie } from '../../tests/api'
import { loader as listExport } from '../routes/lists.$list.export[.]csv'
import { loader as reportCsv } from '../routes/orderReport.export[.]csv'

const BUSY = 'A report is already being prepared. Please wait for it to finish.'

/** A list's Export (CSV) as the browser asks for it. */
async function exported(list: string, query: string, cookie: string, headers = {}) {
  const request = new Request(`http://localhost/lists/${list}/export.csv${query}`, {
    headers: { cookie, ...headers },
  })
  try {
    return (await listExport({ request, params: { list }, context: {} })) as Response
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

/** The file's lines, its byte-order mark kept (Response.text() would drop it). */
const lines = async (response: Response) =>
  new TextDecoder('utf-8', { ignoreBOM: true })
    .decode(await response.arrayBuffer())
    .split('\r\n')
    .filter(Boolean)

/** A pmm's product, two pms with two orders each (commissions differ per product). */
async function world() {
  const refs = makeRefs()
  const pmm = await makeUser({ role: 'pmm' })
  const [pm, otherPm] = [await makeUser({ role: 'pm' }), await makeUser({ role: 'pm' })]
  const tag = `EXP${Math.random().toString(36).slice(2, 7)}`
  for (const commission of [2500, 1200]) {
    const product = await makeProduct(pmm, refs, { commission })
    for (const user of [pm, otherPm])
      makeOrder({
        product,
        user,
        orderNumber: `${tag}-${user.id}-${commission}`,
        customerEmail: user === pm ? `=HYPERLINK("x")@example.test` : 'b@example.test',
      })
  }
  return { pmm, pm, otherPm, tag }
}

describe('Export (CSV) of a list', () => {
  test("the Orders list's export: the same writer (BOM, neutralised cells), the list's filters and sort, all pages, only what the viewer sees", async () => {
    const w = await world()
    const cookie = await sessionCookie(w.pm.id)
    const response = await exported(
      'orders',
      `?orderNumber=${w.tag}&sort=commission&dir=asc&page=9`,
      cookie,
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const [header, ...rows] = await lines(response)
    expect(header).toBe(
      '\uFEFFOrder Number,User,Manager,Seller ID,Product ID,Customer Email,Market,Commission,Order Date,Update Date,Status',
    )
    // The pm's two orders only, cheapest commission first; the formula is neutralised and quoted.
    expect(rows.map((r) => r.split(',')[0])).toEqual([
      `${w.tag}-${w.pm.id}-1200`,
      `${w.tag}-${w.pm.id}-2500`,
    ])
    expect(rows[0]).toContain(`"'=HYPERLINK(""x"")@example.test"`)
    expect(rows.join('\n')).not.toContain(`${w.tag}-${w.otherPm.id}`)
  })

  test("a pmm's export holds the orders on their products; an admin's All Orders export every one", async () => {
    const w = await world()
    const pmmRows = await lines(
      await exported('orders', `?orderNumber=${w.tag}`, await sessionCookie(w.pmm.id)),
    )
    expect(pmmRows).toHaveLength(5)
    const admin = await makeUser({ role: 'admin' })
    const all = await lines(
      await exported(
        'all-order',
        `?orderNumber=${w.tag}&sort=orderNumber&dir=desc`,
        await sessionCookie(admin.id),
      ),
    )
    expect(all).toHaveLength(5)
    const numbers = all.slice(1).map((r) => r.split(',')[0]!)
    expect(numbers).toEqual([...numbers].sort().reverse())
  })

  test('an admin list exports for admins only; anyone else goes to /login as on the page', async () => {
    const pm = await makeUser({ role: 'pm' })
    for (const list of [
      'all-order',
      'order-completed',
      'all-product',
      'all-pmm',
      'all-pm',
      'all-user-deleted',
      'all-markets',
    ]) {
      const response = await exported(list, '', await sessionCookie(pm.id))
      expect([list, response.status, response.headers.get('Location')]).toEqual([
        list,
        302,
        '/login',
      ])
    }
    expect((await exported('no-such-list', '', await sessionCookie(pm.id))).status).toBe(404)
    // A pm has no Disabled Products list (its page is a 404 for them): nor its export.
    expect((await exported('disabled-product', '', await sessionCookie(pm.id))).status).toBe(404)
  })

  test('the user lists export their filters and sort', async () => {
    const tag = `Xpt${Math.random().toString(36).slice(2, 7)}`
    for (const name of ['Chen', 'Ahmed']) await makeUser({ role: 'pmm', name: `${tag} ${name}` })
    const admin = await makeUser({ role: 'admin' })
    const rows = await lines(
      await exported('all-pmm', `?name=${tag}&sort=name&dir=asc`, await sessionCookie(admin.id)),
    )
    expect(rows[0]).toBe('\uFEFFID,Name,Role,Email,Phone,City,Country,Created,State')
    expect(rows.slice(1).map((r) => r.split(',')[1])).toEqual([`${tag} Ahmed`, `${tag} Chen`])
  })

  test('list exports count against the same limits as reports, with the same message', async () => {
    const admin = await makeUser({ role: 'admin' })
    const cookie = await sessionCookie(admin.id)
    const request = new Request('http://localhost/orderReport/export.csv', { headers: { cookie } })
    const report = (await reportCsv({ request, params: {}, context: {} })) as Response
    const list = await exported('all-order', '', cookie)
    expect([report.status, list.status]).toEqual([200, 200])
    const third = await exported('all-pm', '?sort=name', cookie)
    expect(third.status).toBe(429)
    expect(await third.json()).toEqual({ success: false, message: BUSY })
    // Without JavaScript: back to the list, same query, with the message as a toast.
    const page = await exported('all-pm', '?sort=name', cookie, { 'Sec-Fetch-Mode': 'navigate' })
    expect([page.status, page.headers.get('Location')]).toEqual([302, '/all/pm?sort=name'])
    await Promise.all([report.text(), list.text()])
    const after = await exported('all-pm', '', cookie)
    expect(after.status).toBe(200)
    await after.text()
  })
})

import { describe, expect, test } from 'vitest'
import { makeUser } from '../../server/factories'
import { sqlite } from '../../db/client'
import { sessionCookie } from '../../tests/api'
import { loader as csvLoader } from '../routes/orderReport.export[.]csv'
import { loader as pdfLoader } from '../routes/orderReport.export[.]pdf'

const BUSY = 'A report is already being prepared. Please wait for it to finish.'

/** A report download as a browser's fetch or a script asks for it (not a page navigation). */
function download(
  path: string,
  cookie: string,
  headers: Record<string, string> = {},
  method = 'GET',
) {
  const request = new Request(`http://localhost${path}`, {
    method,
    headers: { cookie, ...headers },
  })
  return csvOrPdf(path)({ request, params: {}, context: {} }) as Promise<Response>
}
const csvOrPdf = (path: string) => (path.includes('.pdf') ? pdfLoader : csvLoader)

describe('how many reports run at once', () => {
  test('HEAD answers the headers and takes no place: five of them, then two downloads run', async () => {
    const pmm = await makeUser({ role: 'pmm' })
    const cookie = await sessionCookie(pmm.id)
    for (let i = 0; i < 5; i++) {
      const head = await download('/orderReport/export.csv', cookie, {}, 'HEAD')
      expect(head.status).toBe(200)
      expect(head.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
      expect(head.body).toBeNull()
    }
    const running = [
      await download('/orderReport/export.csv', cookie),
      await download('/orderReport/export.pdf', cookie),
    ]
    expect(running.map((r) => r.status)).toEqual([200, 200])
    await Promise.all(running.map((r) => r.body?.cancel()))
  })

  test('a third report of one user is refused with a 429 while two stream; it runs once one ends', async () => {
    const pmm = await makeUser({ role: 'pmm' })
    const cookie = await sessionCookie(pmm.id)
    // Two downloads under way: answered, their bodies not read to the end yet.
    const first = await download('/orderReport/export.csv', cookie)
    const second = await download('/orderReport/export.pdf', cookie)
    expect([first.status, second.status]).toEqual([200, 200])

    const third = await download('/orderReport/export.csv', cookie)
    expect(third.status).toBe(429)
    expect(await third.json()).toEqual({ success: false, message: BUSY })

    // Without JavaScript the browser navigates to the file: it comes back to the report page
    // (same filters) with the message as a toast, instead of a failed download.
    const page = await download('/orderReport/export.csv?status=pending', cookie, {
      'Sec-Fetch-Mode': 'navigate',
      Accept: 'text/html',
    })
    expect(page.status).toBe(302)
    expect(page.headers.get('Location')).toBe('/orderReport?status=pending')
    expect(page.headers.get('Set-Cookie')).toBeTruthy()

    // Another user is not held up by this one's reports.
    const other = await makeUser({ role: 'pmm' })
    const theirs = await download('/orderReport/export.csv', await sessionCookie(other.id))
    expect(theirs.status).toBe(200)
    await theirs.text()

    // The first download ends (read to its end): the next one runs; a cancelled one frees its
    // place too.
    await first.text()
    const fourth = await download('/orderReport/export.csv', cookie)
    expect(fourth.status).toBe(200)
    await second.body!.cancel()
    const fifth = await download('/orderReport/export.csv', cookie)
    expect(fifth.status).toBe(200)
    await Promise.all([fourth.text(), fifth.text()])
  })

  test('a process writes at most four reports at once, whoever asks', async () => {
    const cookies = await Promise.all(
      [1, 2, 3, 4, 5].map(async () => sessionCookie((await makeUser({ role: 'pmm' })).id)),
    )
    const running = await Promise.all(
      cookies.slice(0, 4).map((c) => download('/orderReport/export.csv', c)),
    )
    expect(running.map((r) => r.status)).toEqual([200, 200, 200, 200])
    const fifth = await download('/orderReport/export.csv', cookies[4]!)
    expect(fifth.status).toBe(429)
    expect(await fifth.json()).toEqual({ success: false, message: BUSY })
    await Promise.all(running.map((r) => r.text()))
    expect((await download('/orderReport/export.csv', cookies[4]!)).status).toBe(200)
  })

  test('the place of a report whose process died is free again', async () => {
    const pmm = await makeUser({ role: 'pmm' })
    // Two reports of a process that no longer exists (a worker killed mid-report).
    const dead = 2 ** 22 + 17
    for (let i = 0; i < 2; i++) {
      sqlite.prepare('insert into report_exports (user_id, pid) values (?, ?)').run(pmm.id, dead)
    }
    const response = await download('/orderReport/export.csv', await sessionCookie(pmm.id))
    expect(response.status).toBe(200)
    await response.text()
  })
})

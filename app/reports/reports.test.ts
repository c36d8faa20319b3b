import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import ExcelJS from 'exceljs'
import { describe, expect, test } from 'vitest'
import { makeProduct, makeUser } from '../../server/factories'
import { changeOrderStatus, listStatuses } from '~/models/order.server'
import {
  reportCount,
  reportRange,
  reportRows,
  reportTotalsInBatches,
  type ReportFilters,
  type ReportRow,
} from '~/models/report.server'
import { unwrap } from '~/core/result'
import { businessDayStart } from '~/core/business-day.server'
import { orderWorld, placeOrder } from '../../tests/orders'
import { call, getRequest } from '../../tests/route'
import { loader as csvLoader } from '../routes/orderReport.export[.]csv'
import { loader as pdfLoader } from '../routes/orderReport.export[.]pdf'
import { loader as txtLoader } from '../routes/orderReport.export[.]txt'
import { loader as xlsxLoader } from '../routes/orderReport.export[.]xlsx'
import { neutralise, REPORT_COLUMNS } from './columns'
import { csvField, tsvField } from './text'

describe('cells', () => {
  test('a text that a spreadsheet would run as a formula is neutralised', () => {
    for (const first of ['=', '+', '-', '@', '\t', '\r']) {
      expect(neutralise(`${first}SUM(A1)`)).toBe(`'${first}SUM(A1)`)
    }
    expect(neutralise('Ayesha')).toBe('Ayesha')
    expect(neutralise('a=b')).toBe('a=b')
  })

  test('CSV quotes commas, quotes and line breaks (RFC 4180); COPY flattens tabs and lines', () => {
    expect(csvField('plain')).toBe('plain')
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(tsvField('a\tb\r\nc')).toBe('a b c')
  })

  test('the business day starts at midnight in BUSINESS_TIMEZONE', () => {
    expect(businessDayStart('2026-11-22', 'UTC').toISOString()).toBe('2026-11-22T00:00:00.000Z')
    expect(businessDayStart('2026-11-22', 'Asia/Karachi').toISOString()).toBe(
      '2026-11-21T19:00:00.000Z',
    )
    // A day with a daylight-saving change still starts at its own midnight.
    expect(businessDayStart('2026-03-29', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    )
    expect(businessDayStart('2026-03-30', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T22:00:00.000Z',
    )
  })
})

/** Three orders on one pmm's product: two today, one created just before today began. */
async function reportWorld() {
  const w = await orderWorld()
  const today = reportRange({}).from
  const start = businessDayStart(today)
  const pm2 = await makeUser({ role: 'pm', name: 'فاطمہ زہرا' })
  const orders = [
    await placeOrder(w, { remark: '=HYPERLINK("http://evil.example")' }),
    await placeOrder(w, {}, pm2),
    await placeOrder(w, { buyerContact: 'Nguyễn Thị Hoa, "VN"' }),
  ]
  unwrap(changeOrderStatus(w.pmm.user, orders[2]!.id, 'commission'))
  // The first order was made a millisecond before today began: outside today's report.
  const { db } = await import('../../db/client')
  const { orders: table } = await import('../../db/schema')
  const { eq } = await import('drizzle-orm')
  db.update(table)
    .set({ createdAt: new Date(start.getTime() - 1) })
    .where(eq(table.id, orders[0]!.id))
    .run()
  return { ...w, pm2, orders, today }
}
describe('who gets which rows, and which days', () => {
  test('pm their own, pmm those on their products, admin all; days in business time', async () => {
    const w = await reportWorld()
    const admin = await makeUser({ role: 'admin' })
    const stranger = await makeUser({ role: 'pmm' })
    const today = reportRange({ manager: w.pmm.user.id })
    expect(reportCount(w.pmm.user, today)).toBe(2)
    expect(reportCount(admin, today)).toBe(2)
    expect(reportCount(w.pm.user, today)).toBe(1)
    expect(reportCount(w.pm2, today)).toBe(1)
    expect(reportCount(stranger, today)).toBe(0)
    const yesterday = reportRange({
      manager: w.pmm.user.id,
      from: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
    })
    expect(reportCount(w.pmm.user, yesterday)).toBe(3)
    expect(reportCount(w.pmm.user, { ...today, status: 'commission' })).toBe(1)
    expect([...reportRows(w.pmm.user, today)].map((r) => r.orderNumber)).toEqual([
      w.orders[1]!.orderNumber,
      w.orders[2]!.orderNumber,
    ])
  })

  test('rows read in batches come out once each, in order, even with equal creation times', async () => {
    const w = await reportWorld()
    const { db } = await import('../../db/client')
    const { orders: table } = await import('../../db/schema')
    const { inArray } = await import('drizzle-orm')
    // All three at the same moment: only the id tells them apart.
    db.update(table)
      .set({ createdAt: new Date() })
      .where(
        inArray(
          table.id,
          w.orders.map((o) => o.id),
        ),
      )
      .run()
    const f = reportRange({ manager: w.pmm.user.id })
    const all = [...reportRows(w.pmm.user, f)].map((r) => r.orderNumber)
    expect(all).toEqual(w.orders.map((o) => o.orderNumber))
    for (const size of [1, 2]) {
      expect([...reportRows(w.pmm.user, f, size)].map((r) => r.orderNumber)).toEqual(all)
    }
  })
})

describe("the PDF's totals", () => {
  test("read in batches, they are the one aggregate's: per status, in status order", async () => {
    const w = await orderWorld()
    // A second product of the same pmm (a product takes 5 orders a day).
    const wB = { ...w, product: await makeProduct(w.pmm.user, w.refs) }
    // Another pmm's orders, which only the admin sees; two pms on the first pmm's products.
    const w2 = await orderWorld()
    const pm2 = await makeUser({ role: 'pm' })
    const placed = [await placeOrder(w2), await placeOrder(w2)]
    for (let i = 0; i < 7; i += 1) {
      placed.push(await placeOrder(i < 4 ? w : wB, {}, i % 3 === 0 ? pm2 : w.pm.user))
    }
    const { db } = await import('../../db/client')
    const { orders: table } = await import('../../db/schema')
    const { eq } = await import('drizzle-orm')
    const statuses = listStatuses()
    const now = Date.now()
    placed.forEach((o, i) => {
      db.update(table)
        .set({
          // Several statuses, commissions with cents, and equal creation times across batches.
          statusId: statuses[(i * 2) % statuses.length]!.id,
          commission: 1001 + i * 333,
          createdAt: new Date(now - (i < 4 ? 0 : 1000 * i)),
        })
        .where(eq(table.id, o.id))
        .run()
    })
    const admin = await makeUser({ role: 'admin' })
    const f = reportRange({})
    for (const viewer of [admin, w.pmm.user, w.pm.user, pm2, w2.pmm.user]) {
      const expected = totalsOfRows(viewer, f)
      expect(expected.length).toBeGreaterThan(1)
      let turns = 0
      const room = () => {
        turns += 1
        return Promise.resolve()
      }
      for (const size of [2, 3]) {
        expect(await reportTotalsInBatches(viewer, f, room, size)).toEqual(expected)
      }
      // One order a batch: the other requests get a turn after each one.
      turns = 0
      expect(await reportTotalsInBatches(viewer, f, room, 1)).toEqual(expected)
      expect(turns).toBe(expected.reduce((sum, t) => sum + t.orders, 0))
      expect(
        await reportTotalsInBatches(viewer, { ...f, status: statuses[0]!.id }, room, 2),
      ).toEqual(totalsOfRows(viewer, { ...f, status: statuses[0]!.id }))
    }
  })
})

async function download(loader: typeof csvLoader, query: string, cookie: string) {
  const request = getRequest(`/orderReport/export?${query}`, { cookie })
  const response = (await loader({ request, params: {}, context: {} })) as Response
  return { response, bytes: Buffer.from(await response.arrayBuffer()) }
}

describe('the files, read back by real readers', () => {
  test('CSV, COPY text, XLSX and PDF hold the same rows, typed and named', async () => {
    const w = await reportWorld()
    const query = `manager=${w.pmm.user.id}&from=2020-01-01`
    const headers = REPORT_COLUMNS.map((c) => c.header)

    const csv = await download(csvLoader, query, w.pmm.cookie)
    expect(csv.response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(csv.response.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="orders-2020-01-01-to-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const book = new ExcelJS.Workbook()
    const sheet = await book.csv.read(Readable.from(csv.bytes.subarray(3)))
    const values = (r: number) => (sheet.getRow(r).values as unknown[]).slice(1).map(String)
    expect(values(1)).toEqual(headers)
    expect(sheet.rowCount).toBe(4)
    expect(values(2)[15]).toBe(`'=HYPERLINK("http://evil.example")`)
    expect(values(3)[9]).toBe('فاطمہ زہرا')
    expect(values(4)[12]).toBe('Nguyễn Thị Hoa, "VN"')

    const txt = await download(txtLoader, query, w.pmm.cookie)
    expect(txt.response.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
    const lines = txt.bytes.toString('utf8').trimEnd().split('\n')
    expect(lines).toHaveLength(4)
    expect(lines[0]!.split('\t')).toEqual(headers)

    const xlsx = await download(xlsxLoader, query, w.pmm.cookie)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(new Uint8Array(xlsx.bytes).buffer)
    const ws = workbook.getWorksheet('Orders')!
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
    expect(ws.autoFilter).toBeTruthy()
    expect(ws.getRow(1).values).toEqual([undefined, ...headers])
    const row = ws.getRow(3)
    expect(row.getCell(2).value).toBeInstanceOf(Date)
    expect(typeof row.getCell(5).value).toBe('number')
    expect(row.getCell(14).value).toBe(45.5)
    expect(row.getCell(14).numFmt).toBe('#,##0.00')
    expect(ws.getRow(2).getCell(16).value).toBe(`'=HYPERLINK("http://evil.example")`)
    expect(row.getCell(10).value).toBe('فاطمہ زہرا')

    const pdf = await download(pdfLoader, query, w.pmm.cookie)
    expect(pdf.response.headers.get('Content-Type')).toBe('application/pdf')
    const file = path.join(os.tmpdir(), `report-${process.pid}-${Date.now()}.pdf`)
    fs.writeFileSync(file, pdf.bytes)
    try {
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
      for (const order of w.orders) expect(text).toContain(order.orderNumber.slice(0, 8))
      expect(text).toContain('卖家')
      // Vietnamese letters come out as themselves (each is one glyph of Noto Sans).
      expect(text).toContain('Nguyễn Thị')
      expect(text).toMatch(/Page 1 of 1/)
      expect(text).toContain('Totals per status')
      const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' })
      expect(fonts).toMatch(/NotoSansCJK/)
      expect(fonts).toMatch(/NotoNaskhArabic/)
    } finally {
      if (!process.env.KEEP_PDF) fs.rmSync(file, { force: true })
    }
  })

  test('a visitor is sent to sign in, like the page', async () => {
    const request = getRequest('/orderReport/export.csv')
    const r = await call(csvLoader, request)
    expect(r.status).toBe(302)
    expect(r.location).toMatch(/^\/login\?redirectTo=/)
  })
})

describe('the PDF pages', () => {
  const control = { signal: new AbortController().signal, room: () => Promise.resolve() }
  const row = (i: number) =>
    ({
      id: i,
      orderNumber: `P-${String(i).padStart(5, '0')}`,
      createdAt: new Date(Date.UTC(2026, 10, 1, 0, i)),
      updatedAt: new Date(Date.UTC(2026, 10, 1, 0, i)),
      status: 'Ordered',
      pId: 100000 + i,
      brandName: 'Brand',
      market: 'US',
      chineseSeller: '深圳卖家',
      manager: 'Bilal',
      marketer: 'Nguyễn Văn An',
      sellerId: 7,
      customerEmail: `buyer${i}@example.com`,
      buyerContact: null,
      commission: 8,
      refundDate: null,
      remark: null,
    }) as unknown as ReportRow

  async function pdfText(
    rows: ReportRow[],
    totals: Array<{ status: string; orders: number; commission: number }>,
  ) {
    const { pdfStream } = await import('./pdf.server')
    const doc = pdfStream(
      rows,
      { title: 'Order report', filters: 'Status: All', totals: () => Promise.resolve(totals) },
      control,
    )
    const chunks: Buffer[] = []
    for await (const chunk of doc) chunks.push(chunk as Buffer)
    const file = path.join(os.tmpdir(), `pages-${process.pid}-${Date.now()}.pdf`)
    fs.writeFileSync(file, Buffer.concat(chunks))
    // KEEP_PDF=/tmp/report.pdf keeps the last one, to look at (pdftoppm -png).
    if (process.env.KEEP_PDF) fs.copyFileSync(file, process.env.KEEP_PDF)
    try {
      const pages = Number(
        /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1],
      )
      return {
        pages,
        text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }),
      }
    } finally {
      fs.rmSync(file, { force: true })
    }
  }

  test('a long report numbers its pages out of the right total, every row once', async () => {
    const rows = Array.from({ length: 100 }, (_, i) => row(i + 1))
    const { pages, text } = await pdfText(rows, [
      { status: 'Ordered', orders: 100, commission: 800 },
    ])
    expect(pages).toBe(3)
    for (let page = 1; page <= 3; page++) expect(text).toContain(`Page ${page} of 3`)
    for (const r of rows) expect(text.split(r.orderNumber).length - 1).toBe(1)
    expect(text.split('Order Number').length - 1).toBe(3) // the header on every page
    expect(text).toMatch(/All\s+100\s+800\.00/)
  })

  test('identifiers and statuses print whole; only a brand or remark is cut, and the PDF says so', async () => {
    const statuses = ['Ordered', 'Review Deleted', 'Commission', 'Onhold', 'Refunded', 'Pending']
    const rows = Array.from({ length: 200 }, (_, i) =>
      Object.assign(row(i + 1), {
        orderNumber: `497-4787691-${String(i + 1).padStart(7, '0')}`,
        status: statuses[i % statuses.length],
        customerEmail:
          i === 7 ? `a.very.long.customer.address.${i}@example-mail.co.uk` : `buyer${i}@ex.com`,
        brandName: i === 3 ? 'A brand name far too long for its narrow column' : 'Brand',
      }),
    )
    const { pages, text } = await pdfText(rows, [
      { status: 'Ordered', orders: 200, commission: 1600 },
    ])
    for (const r of rows) {
      expect(text.split(r.orderNumber).length - 1).toBe(1)
      expect(text).toContain(`${r.pId}`)
    }
    for (const status of statuses) expect(text).toMatch(new RegExp(`\\b${status}\\b`))
    for (const header of REPORT_COLUMNS.map((c) => c.header)) expect(text).toContain(header)
    // The long email wraps within its cell: its lines (the row's only ones past the first) make
    // it whole, nothing cut.
    const lines = text.split('\n')
    const first = lines.findIndex((l) => l.includes('a.very.long'))
    let email = lines[first]!.slice(lines[first]!.indexOf('a.very.long')).split(/\s{2,}/)[0]!
    for (let k = first + 1; lines[k]?.trim(); k++) email += lines[k]!.trim()
    expect(email).toBe(rows[7]!.customerEmail)
    // The one cut is the brand, and its page says so; the others do not.
    expect(text).toContain('A brand name')
    expect(text.split('…').length - 1).toBe(2)
    expect(text).toContain(
      '… marks a Brand or Remark cut short to fit the page; the CSV and EXCEL files have it whole.',
    )
    for (let page = 1; page <= pages; page++) expect(text).toContain(`Page ${page} of ${pages}`)
  })

  test('an empty report is one page that says so', async () => {
    const { pages, text } = await pdfText([], [])
    expect(pages).toBe(1)
    expect(text).toContain('No orders match these filters.')
    expect(text).toContain('Page 1 of 1')
    expect(text).toMatch(/All\s+0\s+0\.00/)
  })
})

/** The reference totals: the report's own rows, counted and summed per status (in cents). */
function totalsOfRows(viewer: Parameters<typeof reportRows>[0], f: ReportFilters) {
  const byStatus = new Map<string, { orders: number; cents: number }>()
  for (const row of reportRows(viewer, f)) {
    const total = byStatus.get(row.status) ?? { orders: 0, cents: 0 }
    total.orders += 1
    total.cents += Math.round(row.commission * 100)
    byStatus.set(row.status, total)
  }
  return listStatuses().flatMap((s) => {
    const total = byStatus.get(s.name)
    return total ? [{ status: s.name, orders: total.orders, commission: total.cents / 100 }] : []
  })
}

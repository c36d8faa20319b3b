/**
 * The bare baseline of a report format: the same rows from the same SQLite file, read with one
 * better-sqlite3 statement and written with the library alone (string CSV, exceljs's streaming
 * WorkbookWriter, pdfkit with the same fonts and one line per row) to /dev/null. Prints JSON:
 * time to the first byte written, total time and peak memory (RSS) of this process.
 *
 *   node --import tsx bench/bare-report.ts csv|xlsx|pdf <limit>
 */
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import ExcelJS from 'exceljs'
import PDFDocument from 'pdfkit'

const [format = 'csv', limitArg = '100000'] = process.argv.slice(2)
const limit = Number(limitArg)
const db = new Database(path.join(process.env.DATA_DIR ?? 'bench/.data', 'app.db'), {
  readonly: true,
})
const rows = db
  .prepare(
    `select o.order_number, o.created_at, o.updated_at, s.name, p.p_id, p.brand_name, m.short_name,
       c.name, mg.name, mk.name, o.user_id, o.customer_email, o.buyer_contact,
       o.commission / 100.0, o.refund_date, o.remark
     from orders o join products p on p.id = o.product_id join users mk on mk.id = o.user_id
     join users mg on mg.id = p.owner_id join markets m on m.id = o.market_id
     join chinese_sellers c on c.id = p.chinese_seller_id join order_statuses s on s.id = o.status_id
     order by o.created_at, o.id limit ?`,
  )
  .raw(true)

let peak = 0
const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
const started = performance.now()
const cpuStart = process.cpuUsage()
let firstByte = 0
const out = fs.createWriteStream('/dev/null')
const finished = new Promise<void>((resolve) => out.on('finish', () => resolve()))
const origWrite = out.write.bind(out)
out.write = ((chunk: unknown, ...rest: unknown[]) => {
  if (!firstByte) firstByte = performance.now() - started
  return (origWrite as (...a: unknown[]) => boolean)(chunk, ...rest)
}) as typeof out.write
const text = (v: unknown) =>
  v === null ? '' : typeof v === 'number' && v > 1e11 ? new Date(v).toISOString() : String(v)

async function run() {
  if (format === 'csv') {
    let chunk = ''
    let n = 0
    for (const row of rows.iterate(limit) as Iterable<unknown[]>) {
      chunk += row.map((v) => `"${text(v).replace(/"/g, '""')}"`).join(',') + '\r\n'
      if (++n % 200 === 0) {
        if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()))
        chunk = ''
      }
    }
    out.end(chunk)
  } else if (format === 'xlsx') {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false })
    const sheet = book.addWorksheet('Orders')
    for (const row of rows.iterate(limit) as Iterable<unknown[]>) {
      sheet.addRow(row.map((v, i) => (i === 1 || i === 2 ? new Date(v as number) : v))).commit()
    }
    sheet.commit()
    await book.commit()
  } else {
    const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 24 })
    doc.pipe(out)
    const fonts = '/usr/share/fonts'
    doc.registerFont('latin', `${fonts}/truetype/noto/NotoSans-Regular.ttf`)
    doc.registerFont(
      'cjk',
      `${fonts}/opentype/noto/NotoSansCJK-Regular.ttc`,
      'NotoSansCJKsc-Regular',
    )
    doc.fontSize(6.5)
    let y = 60
    for (const row of rows.iterate(limit) as Iterable<unknown[]>) {
      if (y > 560) {
        doc.addPage()
        y = 60
      }
      let x = 24
      row.forEach((v, i) => {
        doc.font(i === 7 ? 'cjk' : 'latin').text(text(v).slice(0, 18), x, y, { lineBreak: false })
        x += 49
      })
      y += 11
    }
    doc.end()
  }
  await finished
}

await run()
clearInterval(sample)
console.log(
  JSON.stringify({
    ttfb: Math.round(firstByte),
    total: Math.round(performance.now() - started),
    peakMb: Math.round(peak / 1048576),
    cpu: Math.round(((c) => c.user + c.system)(process.cpuUsage(cpuStart)) / 1000),
  }),
)

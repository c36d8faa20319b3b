import PDFDocument from 'pdfkit'
import type { ReportRow, StatusTotal } from '~/models/report.server'
import { cellText, REPORT_COLUMNS, type StreamControl } from './columns'
import {
  glyphByGlyph,
  reportFonts,
  scriptRuns,
  type FontFile,
  type ScriptFont,
} from './fonts.server'

const MARGIN = 24
const FONT_SIZE = 6.5
const ROW_HEIGHT = 11
const HEAD_TOP = MARGIN + 34
const PAGE = { width: 841.89, height: 595.28 } // A4 landscape
const ROWS_TOP = HEAD_TOP + ROW_HEIGHT + 2
const ROWS_PER_PAGE = Math.floor((PAGE.height - MARGIN - 16 - ROWS_TOP) / ROW_HEIGHT)
const SCALE = (PAGE.width - 2 * MARGIN) / REPORT_COLUMNS.reduce((sum, c) => sum + c.width, 0)
const WIDTHS = REPORT_COLUMNS.map((c) => c.width * SCALE)

/**
 * Only Arabic-script runs are shaped (their letters join and run right to left): given features,
 * pdfkit lays the whole run out through the shaper. Other fonts are laid out glyph by glyph
 * (glyphByGlyph), and their features are never asked for.
 */
const shaped = (script: string) => script === 'arabic'
const shaping = (script: string) => (shaped(script) ? { features: ['kern' as const] } : {})

/**
 * What the PDF says besides its rows; the totals are read once the download has begun, taking
 * turns with other requests (reportTotalsInBatches).
 */
export type PdfSummary = { title: string; filters: string; totals: () => Promise<StatusTotal[]> }

/** The part of pdfkit's document this module reaches into (pdfkit 0.20). */
type PdfkitInternals = {
  page?: { write(chunk: string): void }
  addContent(data: string): unknown
  addPage(...args: unknown[]): unknown
  end(): unknown
}

/**
 * pdfkit turns every content operator (a position, a font, a run of glyphs: about six per cell)
 * into its own little buffer kept until the page ends; with a thousand cells a page, those outlive
 * the young generation and pile up as garbage in the old one (the server grew past 300 MB on
 * 100,000 rows). Here a page's operators collect as strings and go to the page in one piece when
 * it ends, which is the same content stream.
 */
function batchPageContent(document: PDFKit.PDFDocument) {
  const doc = document as unknown as PdfkitInternals
  let pending: string[] = []
  const flush = () => {
    if (pending.length && doc.page) doc.page.write(pending.join('\n'))
    pending = []
  }
  doc.addContent = (data) => {
    pending.push(data)
    return doc
  }
  const addPage = doc.addPage.bind(doc)
  doc.addPage = (...args) => {
    flush()
    return addPage(...args)
  }
  const end = doc.end.bind(doc)
  doc.end = () => {
    flush()
    return end()
  }
}

/** How many pages a report of `total` rows takes (the totals go on the last page if they fit). */
function pdfPageCount(total: number, totalsRows: number) {
  const rowPages = Math.max(1, Math.ceil(total / ROWS_PER_PAGE))
  // The last page's lines (an empty report has its one 'No orders' line).
  const onLast = Math.max(1, total - (rowPages - 1) * ROWS_PER_PAGE)
  const room = PAGE.height - MARGIN - 16 - (ROWS_TOP + onLast * ROW_HEIGHT)
  return rowPages + (room >= totalsHeight(totalsRows) ? 0 : 1)
}

const totalsHeight = (rows: number) => (rows + 4) * ROW_HEIGHT + 2

/**
 * The report as a PDF: A4 landscape, a title and the filters on every page, the header row
 * repeated, one line per order (long cells end in …), totals per status at the end and
 * 'Page N of M'. Names in Chinese, Urdu and Vietnamese are drawn with fonts that have their
 * glyphs. Pages are written one at a time, waiting for the client to take them and letting the
 * server answer other requests in between.
 */
export function pdfStream(
  rows: Iterable<ReportRow>,
  summary: PdfSummary,
  { signal, room }: StreamControl,
) {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    // No bottom margin: pdfkit would start a new page for the footer; the layout keeps its own.
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 0 },
    autoFirstPage: false,
    info: { Title: summary.title, Creator: 'Review Desk' },
  })
  const fonts = reportFonts()
  const fontName: Record<ScriptFont, string> = {
    latin: 'Helvetica',
    latinBold: 'Helvetica-Bold',
    cjk: 'Helvetica',
    arabic: 'Helvetica',
  }
  for (const [script, font] of Object.entries(fonts) as Array<[ScriptFont, FontFile]>) {
    doc.registerFont(script, font.data(), font.family ?? '')
    fontName[script] = script
  }
  batchPageContent(doc)
  // Known once the download has begun (reading them and the fonts takes a while on a large report).
  let totals: StatusTotal[] = []
  let total = 0
  let pages = 1
  let page = 0

  let size = FONT_SIZE
  const fontSize = (points: number) => doc.fontSize((size = points))
  const fontOf = (script: ScriptFont | 'latin' | 'cjk' | 'arabic', bold: boolean) =>
    fontName[bold && script === 'latin' ? 'latinBold' : script]

  const widthOf = (runs: ReturnType<typeof scriptRuns>, bold: boolean) => {
    let width = 0
    for (const run of runs)
      width += doc.font(fontOf(run.script, bold)).widthOfString(run.text, shaping(run.script))
    return width
  }

  const drawText = (raw: string, x: number, y: number, width: number, bold = false) => {
    const text = raw.normalize('NFC')
    let runs = scriptRuns(text)
    if (text.length * size > width && widthOf(runs, bold) > width) {
      // Cut to fit, with an ellipsis.
      let cut = [...text]
      while (cut.length > 1 && widthOf(scriptRuns(`${cut.join('')}…`), bold) > width) {
        cut = cut.slice(0, Math.max(1, Math.floor(cut.length * 0.85)))
      }
      runs = scriptRuns(`${cut.join('').trimEnd()}…`)
    }
    runs.forEach((run, i) => {
      doc.font(fontOf(run.script, bold))
      const options = { lineBreak: false, continued: i < runs.length - 1, ...shaping(run.script) }
      if (i === 0) doc.text(run.text, x, y, options)
      else doc.text(run.text, options)
    })
  }

  const newPage = () => {
    page += 1
    doc.addPage()
    fontSize(11)
    drawText(summary.title, MARGIN, MARGIN, PAGE.width - 2 * MARGIN, true)
    fontSize(7.5)
    drawText(summary.filters, MARGIN, MARGIN + 16, PAGE.width - 2 * MARGIN)
    fontSize(7)
    const footer = `Page ${page} of ${pages}`
    doc.font(fontName.latin)
    doc.text(footer, PAGE.width - MARGIN - 80, PAGE.height - MARGIN - 8, {
      width: 80,
      align: 'right',
      lineBreak: false,
    })
    fontSize(FONT_SIZE)
  }

  const drawHeader = () => {
    doc.rect(MARGIN, HEAD_TOP - 2, PAGE.width - 2 * MARGIN, ROW_HEIGHT).fill('#e8edf5')
    doc.fillColor('#000')
    let x = MARGIN
    REPORT_COLUMNS.forEach((c, i) => {
      drawText(c.header, x + 1, HEAD_TOP, WIDTHS[i]! - 2, true)
      x += WIDTHS[i]!
    })
  }

  const drawRow = (row: ReportRow, y: number) => {
    let x = MARGIN
    REPORT_COLUMNS.forEach((c, i) => {
      const text = cellText(c, row)
      if (text) drawText(text, x + 1, y, WIDTHS[i]! - 2)
      x += WIDTHS[i]!
    })
  }

  const drawTotals = (top: number) => {
    let y = top + ROW_HEIGHT
    fontSize(8)
    drawText('Totals per status', MARGIN, y, 200, true)
    y += ROW_HEIGHT + 2
    fontSize(FONT_SIZE)
    const line = (a: string, b: string, c: string, bold = false) => {
      drawText(a, MARGIN, y, 100, bold)
      drawText(b, MARGIN + 110, y, 60, bold)
      drawText(c, MARGIN + 180, y, 80, bold)
      y += ROW_HEIGHT
    }
    line('Status', 'Orders', 'Commission', true)
    for (const t of totals) line(t.status, String(t.orders), t.commission.toFixed(2))
    const all = totals.reduce((sum, t) => sum + t.commission, 0)
    line('All', String(total), all.toFixed(2), true)
  }

  /** Between pages: wait while the client has not taken what was written (so memory stays flat). */
  const drained = async () => {
    while (doc.readableLength > 1 << 20 && !signal.aborted) {
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    await room()
  }

  const write = async () => {
    // The file's first bytes (pdfkit's header) go out before the slow part begins.
    await room()
    totals = await summary.totals()
    total = totals.reduce((sum, t) => sum + t.orders, 0)
    pages = pdfPageCount(total, totals.length)
    for (const script of Object.keys(fonts)) if (!shaped(script)) glyphByGlyph(doc.font(script))
    newPage()
    drawHeader()
    let y = ROWS_TOP
    let onPage = 0
    if (total === 0) {
      drawText('No orders match these filters.', MARGIN, y, 300)
      y += ROW_HEIGHT
    }
    for (const row of rows) {
      if (signal.aborted) break
      if (onPage === ROWS_PER_PAGE) {
        await drained()
        newPage()
        drawHeader()
        y = ROWS_TOP
        onPage = 0
      }
      drawRow(row, y)
      y += ROW_HEIGHT
      onPage += 1
    }
    if (PAGE.height - MARGIN - 16 - y < totalsHeight(totals.length)) {
      newPage()
      y = ROWS_TOP - ROW_HEIGHT
    }
    drawTotals(y)
    doc.end()
  }
  write().catch((error: unknown) => doc.destroy(error as Error))
  return doc
}

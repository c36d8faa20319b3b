import PDFDocument from 'pdfkit'
import type { ReportRow, StatusTotal } from '~/models/report.server'
import type { ReportChart } from '~/models/report-chart'
import {
  commissionSummary,
  commissionTitle,
  ordersSummary,
  ordersTitle,
  statusTotals,
} from '~/components/charts/chart-text'
import {
  barLabels,
  colorOf,
  COMMISSION_COLOR,
  PLOT,
  stackedBars,
  tickText,
} from '~/components/charts/geometry'
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
/** The smallest a whole cell's text shrinks to before it wraps onto more lines. */
const FLOOR_SIZE = 5
/** A wrapped cell's line step (Noto Sans is 1.36 em from ascender to descender). */
const WRAP_LINE = FLOOR_SIZE * 1.4
const ROW_HEIGHT = 11
const HEAD_TOP = MARGIN + 34
const PAGE = { width: 841.89, height: 595.28 } // A4 landscape
/** Where rows stop: the footer (page number, the note on cut texts) lies below. */
const ROWS_BOTTOM = PAGE.height - MARGIN - 16
const FOOTER_Y = PAGE.height - MARGIN - 8
const FOOTER_SIZE = 7
const CUT_NOTE =
  '… marks a Brand or Remark cut short to fit the page; the CSV and EXCEL files have it whole.'
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
export type PdfSummary = {
  title: string
  filters: string
  totals: () => Promise<StatusTotal[]>
  /** The page's charts, drawn on the first page (read with the totals, see response.server). */
  chart?: () => Promise<ReportChart>
}

/** The charts on the first page: two side by side, each this high (points). */
const CHART_PLOT = 118
const CHART_GUTTER = 30

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

const totalsHeight = (rows: number) => (rows + 4) * ROW_HEIGHT + 2

/** A cell laid out: its font size and its lines; `cut` when free text was cut short. */
type CellLayout = { size: number; lines: string[]; cut: boolean }

/**
 * The report as a PDF: A4 landscape, a title and the filters on every page, the header row
 * repeated, one row per order, totals per status at the end and 'Page N of M'. Identifiers,
 * statuses, names and dates print whole: a cell too long for its column shrinks its font down to
 * FLOOR_SIZE, then wraps and the row grows; only free text (Brand, Remark) is cut, ending in …,
 * and a page with such a cut says so in its footer. M is a small form drawn on every page and
 * written at the end, once the number of pages is known (rows have no fixed height). Names in Chinese, Urdu and Vietnamese are drawn with fonts that have their
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
  let page = 0
  let cutOnPage = false

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

  /** A cell's text in `width`: whole on one line, shrunk, or wrapped; free text may be cut. */
  const layCell = (raw: string, width: number, bold: boolean, mayCut: boolean): CellLayout => {
    const text = raw.normalize('NFC')
    fontSize(FONT_SIZE)
    // Short enough to fit even at 1 em a character: no need to measure.
    if (text.length * FONT_SIZE <= width) return { size: FONT_SIZE, lines: [text], cut: false }
    const full = widthOf(scriptRuns(text), bold)
    if (full <= width) return { size: FONT_SIZE, lines: [text], cut: false }
    if (mayCut) return { size: FONT_SIZE, lines: [text], cut: true }
    const fitting = Math.floor(((FONT_SIZE * width) / full) * 10) / 10
    if (fitting >= FLOOR_SIZE) return { size: fitting, lines: [text], cut: false }
    return { size: FLOOR_SIZE, lines: wrap(text, width, bold), cut: false }
  }

  /** Lines of `text` at FLOOR_SIZE within `width`, broken after - @ . _ / or a space if it can. */
  const wrap = (text: string, width: number, bold: boolean) => {
    fontSize(FLOOR_SIZE)
    // A little room: a line is measured as the sum of its characters (no kerning).
    const room = width * 0.96
    const lines: string[] = []
    let line: string[] = []
    let lineWidth = 0
    let lastBreak = -1
    for (const char of text) {
      const w = widthOf(scriptRuns(char), bold)
      if (lineWidth + w > room && line.length > 0) {
        const at = lastBreak >= 0 ? lastBreak + 1 : line.length
        lines.push(line.slice(0, at).join('').trimEnd())
        line = line.slice(at)
        lineWidth = line.reduce((sum, c) => sum + widthOf(scriptRuns(c), bold), 0)
        lastBreak = -1
      }
      line.push(char)
      lineWidth += w
      if (/[-@._/\s]/.test(char)) lastBreak = line.length - 1
    }
    if (line.length) lines.push(line.join('').trimStart())
    return lines
  }

  const heightOf = (cells: Array<CellLayout | null>) =>
    Math.max(
      ROW_HEIGHT,
      ...cells.map((c) => (c && c.lines.length > 1 ? c.lines.length * WRAP_LINE + 4 : 0)),
    )

  const drawCells = (cells: Array<CellLayout | null>, y: number, bold = false) => {
    let x = MARGIN
    cells.forEach((cell, i) => {
      if (cell) {
        fontSize(cell.size)
        cell.lines.forEach((line, n) => {
          // A shrunk single line sits on the row's baseline, like its neighbours.
          const top = y + (cell.lines.length > 1 ? n * WRAP_LINE : FONT_SIZE - cell.size)
          drawText(line, x + 1, top, WIDTHS[i]! - 2, bold)
        })
        if (cell.cut) cutOnPage = true
      }
      x += WIDTHS[i]!
    })
    fontSize(FONT_SIZE)
  }

  // The number of pages, drawn on each page as a form written once the last page is done.
  doc.font('Helvetica')
  const helvetica = (doc as unknown as { _font: { ref(): PDFKit.PDFDocument } })._font.ref()
  const pageCount = doc.ref({
    Type: 'XObject',
    Subtype: 'Form',
    FormType: 1,
    BBox: [0, -3, 60, 12],
    Resources: { Font: { Helv: helvetica } },
  })

  const finishPage = () => {
    if (!cutOnPage) return
    fontSize(FONT_SIZE)
    drawText(CUT_NOTE, MARGIN, FOOTER_Y, PAGE.width - 2 * MARGIN - 120)
    cutOnPage = false
  }

  const newPage = () => {
    if (page > 0) finishPage()
    page += 1
    doc.addPage()
    fontSize(11)
    drawText(summary.title, MARGIN, MARGIN, PAGE.width - 2 * MARGIN, true)
    fontSize(7.5)
    drawText(summary.filters, MARGIN, MARGIN + 16, PAGE.width - 2 * MARGIN)
    fontSize(FOOTER_SIZE)
    doc.font('Helvetica')
    const label = `Page ${page} of `
    const x = PAGE.width - MARGIN - doc.widthOfString(`${label}0000`)
    doc.text(label, x, FOOTER_Y, { lineBreak: false })
    const pageResources = (doc as unknown as { page: { xobjects: Record<string, unknown> } }).page
    pageResources.xobjects.PageCount = pageCount
    // The form's origin on the label's baseline, just after it (pdfkit's y grows downwards).
    const baseline = FOOTER_Y + (FOOTER_SIZE * 718) / 1000
    doc.addContent(
      `q 1 0 0 -1 ${(x + doc.widthOfString(label)).toFixed(2)} ${baseline.toFixed(2)} cm /PageCount Do Q`,
    )
    fontSize(FONT_SIZE)
  }

  let header: { cells: CellLayout[]; height: number } | undefined
  /** The header row (its labels wrap rather than cut); returns where the rows begin. */
  const drawHeader = (top = HEAD_TOP) => {
    if (!header) {
      const cells = REPORT_COLUMNS.map((c, i) => layCell(c.header, WIDTHS[i]! - 2, true, false))
      header = { cells, height: heightOf(cells) }
    }
    doc.rect(MARGIN, top - 2, PAGE.width - 2 * MARGIN, header.height).fill('#e8edf5')
    doc.fillColor('#000')
    drawCells(header.cells, top, true)
    return top + header.height + 2
  }

  /**
   * One chart at (x, top) in `width`: its title, its summary sentence, the bars of the page's
   * geometry (x fractions of the plot's width, y in points) and, for statuses, the legend.
   * Returns where it ends.
   */
  const drawChart = (
    x: number,
    top: number,
    width: number,
    chart: {
      title: string
      summary: string
      values: number[][]
      colors: string[]
      labels: ReturnType<typeof barLabels>
      legend?: Array<{ color: string; text: string }>
    },
  ) => {
    fontSize(9)
    drawText(chart.title, x, top, width, true)
    fontSize(7)
    doc.font(fontOf('latin', false))
    const summaryTop = top + 13
    doc.text(chart.summary, x, summaryTop, { width, lineBreak: true })
    const plotTop = summaryTop + doc.heightOfString(chart.summary, { width }) + 4
    const plotX = x + CHART_GUTTER
    const plotWidth = width - CHART_GUTTER
    const { bars, ticks } = stackedBars(chart.values, chart.colors, CHART_PLOT)
    fontSize(6.5)
    doc.font('Helvetica')
    for (const t of ticks) {
      doc
        .moveTo(plotX, plotTop + t.y)
        .lineTo(plotX + plotWidth, plotTop + t.y)
        .lineWidth(0.5)
        .strokeColor('#d9dfe8')
        .stroke()
      const label = tickText(t.value)
      doc
        .fillColor('#5b6578')
        .text(label, plotX - 4 - doc.widthOfString(label), plotTop + t.y - 3, { lineBreak: false })
    }
    for (const b of bars) {
      doc.rect(plotX + b.x * plotWidth, plotTop + b.y, b.width * plotWidth, b.height).fill(b.color)
    }
    doc.fillColor('#1c2333')
    const labelY = plotTop + CHART_PLOT - PLOT.bottom + 6
    for (const l of chart.labels) {
      const w = doc.widthOfString(l.text)
      const at = plotX + l.x * plotWidth
      const left = l.anchor === 'start' ? at : l.anchor === 'end' ? at - w : at - w / 2
      doc.text(l.text, left, labelY, { lineBreak: false })
    }
    let bottom = plotTop + CHART_PLOT
    if (chart.legend) {
      let lx = plotX
      let ly = bottom
      fontSize(7)
      for (const item of chart.legend) {
        doc.font(fontOf('latin', false))
        const w = 10 + doc.widthOfString(item.text) + 10
        if (lx + w > x + width) {
          lx = plotX
          ly += 10
        }
        doc.rect(lx, ly + 1, 6, 6).fill(item.color)
        doc.fillColor('#1c2333')
        drawText(item.text, lx + 9, ly, w)
        lx += w
      }
      bottom = ly + 12
    }
    doc.fillColor('#000')
    fontSize(FONT_SIZE)
    return bottom
  }

  /** The page's two charts, side by side below the heading; returns where the rows may begin. */
  const drawCharts = (chart: ReportChart, top: number) => {
    const gap = 24
    const width = (PAGE.width - 2 * MARGIN - gap) / 2
    const left = drawChart(MARGIN, top, width, {
      title: ordersTitle(chart),
      summary: ordersSummary(chart),
      values: chart.orders.counts,
      colors: chart.orders.statuses.map((s) => colorOf(s.id)),
      labels: barLabels(chart.orders.starts, chart.orders.unit, 8),
      legend: statusTotals(chart).map((s) => ({
        color: colorOf(s.id),
        text: `${s.name} ${s.orders.toLocaleString('en-US')}`,
      })),
    })
    const right = drawChart(MARGIN + width + gap, top, width, {
      title: commissionTitle(chart),
      summary: commissionSummary(chart),
      values: chart.commission.cents.map((c) => [c / 100]),
      colors: [COMMISSION_COLOR],
      labels: barLabels(chart.commission.starts, chart.commission.unit, 8),
    })
    return Math.max(left, right) + 10
  }

  const layRow = (row: ReportRow) =>
    REPORT_COLUMNS.map((c, i) => {
      const text = cellText(c, row)
      return text ? layCell(text, WIDTHS[i]! - 2, false, c.mayCut === true) : null
    })

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
    const chart = summary.chart ? await summary.chart() : undefined
    for (const script of Object.keys(fonts)) if (!shaped(script)) glyphByGlyph(doc.font(script))
    newPage()
    // The first page carries the charts; the rows begin below them.
    const chartsEnd = chart && chart.total > 0 ? drawCharts(chart, HEAD_TOP) : HEAD_TOP
    let y = drawHeader(chartsEnd)
    // Where rows begin on any other page.
    const rowsTop = y - chartsEnd + HEAD_TOP
    let onPage = 0
    if (total === 0) {
      drawText('No orders match these filters.', MARGIN, y, 300)
      y += ROW_HEIGHT
    }
    for (const row of rows) {
      if (signal.aborted) break
      const cells = layRow(row)
      const height = heightOf(cells)
      if (onPage > 0 && y + height > ROWS_BOTTOM) {
        await drained()
        newPage()
        y = drawHeader()
        onPage = 0
      }
      drawCells(cells, y)
      y += height
      onPage += 1
    }
    if (ROWS_BOTTOM - y < totalsHeight(totals.length)) {
      newPage()
      y = rowsTop - ROW_HEIGHT
    }
    drawTotals(y)
    finishPage()
    pageCount.end(`BT /Helv ${FOOTER_SIZE} Tf 0 0 Td (${page}) Tj ET`)
    doc.end()
  }
  write().catch((error: unknown) => doc.destroy(error as Error))
  return doc
}

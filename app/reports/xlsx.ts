import { once } from 'node:events'
import { PassThrough } from 'node:stream'
import ExcelJS from 'exceljs'
import type { ReportRow } from '~/models/report.server'
import { businessWallClock } from '~/core/business-day.server'
import { neutralise, REPORT_COLUMNS, type CellKind, type StreamControl } from './columns'

const NUMBER_FORMAT: Record<CellKind, string | undefined> = {
  text: undefined,
  integer: '0',
  money: '#,##0.00',
  datetime: 'yyyy-mm-dd hh:mm',
}

/**
 * One style object per column, shared by all its cells: exceljs recognises a style object it has
 * seen and reuses its entry; a fresh object per cell (what column styles give) costs a lookup by
 * value for each of the 1.6 million cells of a large report.
 */
const CELL_STYLES = REPORT_COLUMNS.map((c) => {
  const numFmt = NUMBER_FORMAT[c.kind]
  return numFmt ? { numFmt } : {}
})

/**
 * Waits while much of the sheet's XML is waiting to be compressed. exceljs writes each committed row into the
 * zip's deflate stream without heeding its backpressure, so rows pile up there (130 MB for a
 * 100,000-row report) unless the writer waits. Reads exceljs's internals: the sheet's stream
 * and what it pipes to.
 */
type Zipping = NodeJS.EventEmitter & { _writableState?: { length: number; needDrain: boolean } }
async function zipTaken(sheet: unknown, signal: AbortSignal) {
  for (const pipe of (sheet as { stream?: { pipes?: Zipping[] } }).stream?.pipes ?? []) {
    const state = pipe._writableState
    if (state && state.length > 1 << 20 && state.needDrain && !signal.aborted) {
      await once(pipe, 'drain', { signal })
    }
  }
}

/** Lets the event loop answer other requests every so many rows. */
const YIELD_EVERY = 500

/**
 * The report as an .xlsx workbook, streamed: exceljs's WorkbookWriter commits each row to the
 * zip as it goes, so memory stays flat. Dates and numbers are real cells with formats; the header
 * row is frozen and has an autofilter; no cell is ever a formula (text is neutralised as well).
 */
export function xlsxStream(rows: Iterable<ReportRow>, { signal, room }: StreamControl) {
  const out = new PassThrough()
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  })
  workbook.creator = 'Review Desk'
  const sheet = workbook.addWorksheet('Orders', {
    views: [{ state: 'frozen', ySplit: 1 }],
  })
  sheet.columns = REPORT_COLUMNS.map((c, i) => ({
    key: String(i),
    width: Math.max(10, Math.round(c.width / 4.5)),
  }))
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: REPORT_COLUMNS.length } }
  const write = async () => {
    const header = sheet.addRow(REPORT_COLUMNS.map((c) => c.header))
    header.font = { bold: true }
    header.commit()
    let count = 0
    for (const row of rows) {
      if (signal?.aborted) break
      const added = sheet.addRow(
        REPORT_COLUMNS.map((c) => {
          const value = c.value(row)
          if (value instanceof Date) return businessWallClock(value)
          if (typeof value === 'string') return neutralise(value)
          return value
        }),
      )
      CELL_STYLES.forEach((style, i) => (added.getCell(i + 1).style = style))
      added.commit()
      if (++count % YIELD_EVERY === 0) {
        // Wait for what is written to be compressed, then taken (here, then by the client).
        await zipTaken(sheet, signal)
        if (out.writableNeedDrain) await once(out, 'drain', { signal })
        await room()
      }
    }
    sheet.commit()
    await workbook.commit()
  }
  write().catch((error: unknown) => out.destroy(error as Error))
  return out
}

import type { ReportRow } from '~/models/report.server'
import {
  cellText,
  neutralise,
  REPORT_COLUMNS,
  type ReportColumn,
  type StreamControl,
} from './columns'

/**
 * RFC 4180: a field with a comma, a quote or a line break is quoted, quotes doubled. So is one
 * with a semicolon: where the list separator is `;` (vi-VN, de-DE...) Excel splits on it, and
 * `a;=1+1` would become a cell `=1+1`, a formula.
 */
export function csvField(text: string) {
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/**
 * Where Excel splits a CSV line on `;` (vi-VN, de-DE...), a `"` that does not open a field is a
 * plain character, so quoting protects a cell only at the start of a line: `x;=1+1` still gives
 * a field `=1+1`. Every place a `;` split would start a field with a formula's sign (after spaces,
 * tabs or carriage returns) gets the apostrophe `neutralise` puts at a cell's start.
 */
export function neutraliseSplits(text: string) {
  return text.replace(/;(?=[ \t\r]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g, ";'")
}

/** COPY's text: tabs and line breaks in a value become spaces, so rows and cells stay apart. */
export function tsvField(text: string) {
  return text.replace(/[\t\r\n]+/g, ' ')
}

const ROWS_PER_CHUNK = 1000

/**
 * CSV (UTF-8 with a byte-order mark, so spreadsheet programs read Chinese and Urdu right) or
 * tab-separated text, written a few hundred rows at a time from the row iterator: the report's
 * columns, or a list export's.
 */
export async function* delimitedText<Row = ReportRow>(
  rows: Iterable<Row>,
  format: 'csv' | 'tsv',
  { signal, room }: StreamControl,
  columns: ReadonlyArray<ReportColumn<Row>> = REPORT_COLUMNS as ReadonlyArray<ReportColumn<Row>>,
): AsyncGenerator<string> {
  const field = (t: string) =>
    format === 'csv' ? csvField(neutraliseSplits(neutralise(t))) : tsvField(neutralise(t))
  const separator = format === 'csv' ? ',' : '\t'
  const newline = format === 'csv' ? '\r\n' : '\n'
  // Numbers and moments are our own texts: only text cells need neutralising and quoting.
  const cells = columns.map((c) =>
    c.kind === 'text' ? (row: Row) => field(cellText(c, row)) : (row: Row) => cellText(c, row),
  )
  yield (
    (format === 'csv' ? '\uFEFF' : '') +
    columns.map((c) => field(c.header)).join(separator) +
    newline
  )
  let chunk = ''
  let count = 0
  for (const row of rows) {
    if (signal?.aborted) return
    let line = cells[0]!(row)
    for (let i = 1; i < cells.length; i++) line += separator + cells[i]!(row)
    chunk += line + newline
    if (++count % ROWS_PER_CHUNK === 0) {
      yield chunk
      chunk = ''
      await room()
    }
  }
  if (chunk) yield chunk
}

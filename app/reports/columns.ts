import type { ReportRow } from '~/models/report.server'
import { businessDateTime } from '~/core/business-day.server'

/**
 * How a writer keeps to the client's pace: `room` resolves when the client has taken most of
 * what was sent (and lets the server answer others meanwhile); `signal` aborts when it leaves.
 */
export type StreamControl = { signal: AbortSignal; room: () => Promise<void> }

/** A cell's kind: how each format writes it (text, a number with two decimals, a moment). */
export type CellKind = 'text' | 'integer' | 'money' | 'datetime'

/** A column of a file: the report's (over its rows) or a list export's (over the list's rows). */
export type ReportColumn<Row = ReportRow> = {
  header: string
  kind: CellKind
  value: (row: Row) => string | number | Date | null
  /** Width in the PDF (points) and, divided by 6, in Excel (characters). */
  width: number
  /**
   * Free text the PDF may cut short to keep its row to one line (the PDF then says so); every
   * other cell (identifiers, status, names, dates) prints whole, wrapped if it must.
   */
  mayCut?: true
}

/** The report's columns, in product.md's order; every format writes these and only these. */
export const REPORT_COLUMNS: ReadonlyArray<ReportColumn> = [
  { header: 'Order Number', kind: 'text', value: (r) => r.orderNumber, width: 74 },
  { header: 'Order Date', kind: 'datetime', value: (r) => r.createdAt, width: 56 },
  { header: 'Update Date', kind: 'datetime', value: (r) => r.updatedAt, width: 56 },
  { header: 'Status', kind: 'text', value: (r) => r.status, width: 50 },
  { header: 'Product ID', kind: 'integer', value: (r) => r.pId, width: 40 },
  { header: 'Brand', kind: 'text', value: (r) => r.brandName, width: 58, mayCut: true },
  { header: 'Market', kind: 'text', value: (r) => r.market, width: 30 },
  { header: 'Chinese Seller', kind: 'text', value: (r) => r.chineseSeller, width: 58 },
  { header: 'Manager', kind: 'text', value: (r) => r.manager, width: 50 },
  { header: 'Marketer', kind: 'text', value: (r) => r.marketer, width: 50 },
  { header: 'Seller ID', kind: 'integer', value: (r) => r.sellerId, width: 34 },
  { header: 'Customer Email', kind: 'text', value: (r) => r.customerEmail, width: 74 },
  { header: 'Buyer Contact', kind: 'text', value: (r) => r.buyerContact, width: 54 },
  { header: 'Commission', kind: 'money', value: (r) => r.commission, width: 44 },
  { header: 'Refund Date', kind: 'datetime', value: (r) => r.refundDate, width: 56 },
  { header: 'Remark', kind: 'text', value: (r) => r.remark, width: 56, mayCut: true },
]

/**
 * A spreadsheet must never read user data as a formula: a text starting with = + - @, their
 * full-width forms ＝ ＋ － ＠ (which East Asian input methods type and Excel may take for the
 * sign), or a tab or carriage return (which some programs skip before such a sign) gets a leading
 * apostrophe. The one rule for CSV, COPY text and XLSX.
 */
export function neutralise(text: string) {
  return /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(text) ? `'${text}` : text
}

/** A cell as plain text (CSV, COPY, PDF): moments as YYYY-MM-DD HH:mm in business time. */
export function cellText<Row>(column: ReportColumn<Row>, row: Row): string {
  const value = column.value(row)
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return businessDateTime(value)
  if (column.kind === 'money') return (value as number).toFixed(2)
  return String(value)
}

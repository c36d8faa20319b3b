import {
  reportChart,
  reportCount,
  reportFilterChoices,
  reportPreview,
  reportRange,
  type ReportRow,
} from '~/models/report.server'
import type { User } from '~/models/user.server'
import { cellText, REPORT_COLUMNS } from '~/reports/columns'
import { OrderReportQuery, readQueryLenient, readQueryStrict } from '~/schemas/list-queries'
import { businessDate } from '~/core/business-day.server'
import { env } from '~/core/env.server'

/** Off only to measure the page without them (env.BENCH_REPORT_CHARTS). */
const CHARTS = env.BENCH_REPORT_CHARTS !== 'off'

// The preview's cells as text, by the rows they show: the rows are remembered until a write to
// what they read (reportPreview answers the same array), and so are their 400 texts, 75 of them
// moments in the business time zone, which a view of the page wrote anew.
const cellsOf = new WeakMap<ReportRow[], Array<{ id: number; cells: string[] }>>()
function previewCells(rows: ReportRow[]) {
  let cells = cellsOf.get(rows)
  if (!cells) {
    cells = rows.map((row) => ({ id: row.id, cells: REPORT_COLUMNS.map((c) => cellText(c, row)) }))
    cellsOf.set(rows, cells)
  }
  return cells
}

/**
 * ORDER REPORTS: the filters' choices, the first 25 matching rows as text, the count and the
 * charts (orders per day by status, commission per week). A filter that does not parse is named
 * (`refused`, the files' 400 message) and nothing is listed.
 */
export function reportPageData(user: User, params: URLSearchParams) {
  const strict = readQueryStrict(OrderReportQuery, params)
  // Where every filter parses, the lenient reading is the same.
  const filters = reportRange(strict.ok ? strict.value : readQueryLenient(OrderReportQuery, params))
  // The charts' aggregate counts the same orders as reportCount (the one filtered set): with the
  // charts, their total is the count, and the page reads the orders once.
  const chart = strict.ok && CHARTS ? reportChart(user, filters) : undefined
  return {
    today: businessDate(),
    choices: reportFilterChoices(user),
    reversed: filters.from > filters.to,
    headers: REPORT_COLUMNS.map((c) => ({ header: c.header, nowrap: c.kind !== 'text' })),
    refused: strict.ok ? undefined : strict.message,
    rows: strict.ok ? previewCells(reportPreview(user, filters)) : [],
    total: chart ? chart.total : strict.ok ? reportCount(user, filters) : 0,
    chart,
  }
}

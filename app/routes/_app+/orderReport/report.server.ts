import {
  reportChart,
  reportCount,
  reportFilterChoices,
  reportPreview,
  reportRange,
} from '~/models/report.server'
import type { User } from '~/models/user.server'
import { cellText, REPORT_COLUMNS } from '~/reports/columns'
import { OrderReportQuery, readQueryLenient, readQueryStrict } from '~/schemas/list-queries'
import { businessDate } from '~/core/business-day.server'
import { env } from '~/core/env.server'

/** Off only to measure the page without them (env.BENCH_REPORT_CHARTS). */
const CHARTS = env.BENCH_REPORT_CHARTS !== 'off'

/**
 * ORDER REPORTS: the filters' choices, the first 25 matching rows as text, the count and the
 * charts (orders per day by status, commission per week). A filter that does not parse is named
 * (`refused`, the files' 400 message) and nothing is listed.
 */
export function reportPageData(user: User, params: URLSearchParams) {
  const strict = readQueryStrict(OrderReportQuery, params)
  const filters = reportRange(readQueryLenient(OrderReportQuery, params))
  // The charts' aggregate counts the same orders as reportCount (the one filtered set): with the
  // charts, their total is the count, and the page reads the orders once.
  const chart = strict.ok && CHARTS ? reportChart(user, filters) : undefined
  return {
    today: businessDate(),
    choices: reportFilterChoices(user),
    reversed: filters.from > filters.to,
    headers: REPORT_COLUMNS.map((c) => ({ header: c.header, nowrap: c.kind !== 'text' })),
    refused: strict.ok ? undefined : strict.message,
    rows: strict.ok
      ? reportPreview(user, filters).map((row) => ({
          id: row.id,
          cells: REPORT_COLUMNS.map((c) => cellText(c, row)),
        }))
      : [],
    total: chart ? chart.total : strict.ok ? reportCount(user, filters) : 0,
    chart,
  }
}

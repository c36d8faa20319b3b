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

/**
 * Only for `npm run bench` (BENCH_ONLY=charts): a server started with BENCH_REPORT_CHARTS=off
 * answers the report page without its charts, so the charts' cost is measured side by side.
 */
const CHARTS = process.env.BENCH_REPORT_CHARTS !== 'off'

/**
 * ORDER REPORTS: the filters' choices, the first 25 matching rows as text, the count and the
 * charts (orders per day by status, commission per week). A filter that does not parse is named
 * (`refused`, the files' 400 message) and nothing is listed.
 */
export function reportPageData(user: User, params: URLSearchParams) {
  const strict = readQueryStrict(OrderReportQuery, params)
  const filters = reportRange(readQueryLenient(OrderReportQuery, params))
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
    total: strict.ok ? reportCount(user, filters) : 0,
    chart: strict.ok && CHARTS ? reportChart(user, filters) : undefined,
  }
}

import type { ChartUnit, ReportChart } from '~/models/report-chart'

/*
 * The charts' words, the same on the page and in the PDF: titles and the summary sentences that
 * are the charts' text alternative (with the tables of the page's "numbers" disclosure).
 */

const count = (n: number) => n.toLocaleString('en-US')
// One formatter: `toLocaleString` with options makes a new ICU formatter for every number (31 µs
// each, and garbage the collector finalises one by one: a report page's charts doubled its GC).
const cents2 = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})
/** Cents as the report writes money: 1,234.50. */
export const money = (cents: number) => cents2.format(cents / 100)

const per: Record<ChartUnit, string> = { day: 'day', week: 'week', month: 'month' }

export const ordersTitle = (chart: ReportChart) => `Orders per ${per[chart.orders.unit]} by status`
export const commissionTitle = (chart: ReportChart) =>
  `Commission per ${per[chart.commission.unit]}`

/** What a bucket is called in a sentence or a table: "2026-11-27", "week of 2026-11-23", … */
export function bucketName(unit: ChartUnit, start: string) {
  return unit === 'day' ? start : unit === 'week' ? `week of ${start}` : start.slice(0, 7)
}

const list = (parts: string[]) =>
  parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`

/** Each status's orders over the whole chart, in the chart's status order. */
export function statusTotals(chart: ReportChart) {
  return chart.orders.statuses.map((s, j) => ({
    ...s,
    orders: chart.orders.counts.reduce((sum, bucket) => sum + bucket[j]!, 0),
  }))
}

/** "42 orders from 2026-11-01 to 2026-11-27: Ordered 20, … and Cancelled 10. Most on …". */
export function ordersSummary(chart: ReportChart) {
  const days = `from ${chart.from} to ${chart.to}`
  if (chart.total === 0) return `No orders ${days}.`
  const parts = statusTotals(chart).map((s) => `${s.name} ${count(s.orders)}`)
  const sums = chart.orders.counts.map((bucket) => bucket.reduce((a, b) => a + b, 0))
  const most = sums.indexOf(Math.max(...sums))
  const unit = chart.orders.unit
  return (
    `${count(chart.total)} ${chart.total === 1 ? 'order' : 'orders'} ${days}: ${list(parts)}. ` +
    `Most in one ${per[unit]}: ${count(sums[most]!)} on ${bucketName(unit, chart.orders.starts[most]!)}.`
  )
}

/** "Commission 1,234.50 from … to …; the most in one week: 500.00, week of 2026-11-16." */
export function commissionSummary(chart: ReportChart) {
  const days = `from ${chart.from} to ${chart.to}`
  if (chart.total === 0) return `No commission ${days}.`
  const { cents, starts, unit } = chart.commission
  const most = cents.indexOf(Math.max(...cents))
  return (
    `Commission ${money(chart.totalCents)} ${days}. ` +
    `Most in one ${per[unit]}: ${money(cents[most]!)}, ${bucketName(unit, starts[most]!)}.`
  )
}

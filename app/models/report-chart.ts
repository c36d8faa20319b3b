import { addDays } from '~/core/business-day.server'

/*
 * The report's charts as numbers (no SQL here): what the report's aggregate (per business day and
 * status: orders and commission cents) becomes for the charts, with every day of the range
 * present, empty ones at 0. report.server.ts reads the aggregate over the report's own filtered
 * set; the page, the dashboards and the PDF draw what this module answers.
 */

/** One business day's orders and commission (cents) of one status. */
export type DayTally = { day: string; status: string; orders: number; cents: number }

/** Bars a chart shows at most: a longer range is shown per week, then per month. */
export const MAX_BARS = 62

export type ChartUnit = 'day' | 'week' | 'month'

export type ReportChart = {
  /** The days the chart covers (the filters' range, narrowed to the orders' days when long). */
  from: string
  to: string
  /** Orders per `unit` by status: `counts[i][j]` is bucket i's orders of `statuses[j]`. */
  orders: {
    unit: ChartUnit
    statuses: Array<{ id: string; name: string }>
    starts: string[]
    counts: number[][]
  }
  /** Commission per week (per month when there are more than MAX_BARS weeks), in cents. */
  commission: { unit: Exclude<ChartUnit, 'day'>; starts: string[]; cents: number[] }
  /** Every order of the chart, and their commission in cents. */
  total: number
  totalCents: number
}

/** The number of days from `from` to `to`, both included (0 when reversed). */
export function dayCount(from: string, to: string) {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)
  return ms < 0 ? 0 : Math.round(ms / 86_400_000) + 1
}

/** The Monday on or before a day (weeks begin on Monday, as ISO 8601 says). */
export function weekStart(day: string) {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay() // 0 is Sunday
  return addDays(day, -((weekday + 6) % 7))
}

/** The first day of a day's month. */
export const monthStart = (day: string) => `${day.slice(0, 7)}-01`

const startOf = (unit: ChartUnit, day: string) =>
  unit === 'day' ? day : unit === 'week' ? weekStart(day) : monthStart(day)

/** Every bucket's first day from `from` to `to`, in order (the first may begin before `from`). */
function bucketStarts(unit: ChartUnit, from: string, to: string) {
  const starts: string[] = []
  if (from > to) return starts
  for (let day = startOf(unit, from); day <= to;) {
    starts.push(day)
    if (unit === 'day') day = addDays(day, 1)
    else if (unit === 'week') day = addDays(day, 7)
    else {
      const [y, m] = day.split('-').map(Number) as [number, number]
      day = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`
    }
  }
  return starts
}

/** The smallest unit that shows from..to in at most MAX_BARS bars. */
function unitFor(from: string, to: string, units: ChartUnit[]): ChartUnit {
  return units.find((u) => bucketStarts(u, from, to).length <= MAX_BARS) ?? 'month'
}

/**
 * The charts of a report over `from`..`to` from its tallies per day and status; `statuses` is
 * every status in its order (the chart keeps those with orders). A range longer than MAX_BARS
 * days is narrowed to the days that have orders, then shown per week or per month if still long.
 */
export function buildReportChart(
  tallies: Iterable<DayTally>,
  range: { from: string; to: string },
  statuses: ReadonlyArray<{ id: string; name: string }>,
): ReportChart {
  const byDay = new Map<string, Map<string, { orders: number; cents: number }>>()
  const seen = new Set<string>()
  let first: string | undefined
  let last: string | undefined
  for (const t of tallies) {
    if (t.day < range.from || t.day > range.to || t.orders === 0) continue
    let day = byDay.get(t.day)
    if (!day) byDay.set(t.day, (day = new Map()))
    const sum = day.get(t.status) ?? { orders: 0, cents: 0 }
    sum.orders += t.orders
    sum.cents += t.cents
    day.set(t.status, sum)
    seen.add(t.status)
    if (first === undefined || t.day < first) first = t.day
    if (last === undefined || t.day > last) last = t.day
  }
  let { from, to } = range
  if (dayCount(from, to) > MAX_BARS && first && last) [from, to] = [first, last]
  const shown = statuses.filter((s) => seen.has(s.id)).map((s) => ({ id: s.id, name: s.name }))
  const column = new Map(shown.map((s, j) => [s.id, j]))

  const unit = unitFor(from, to, ['day', 'week', 'month'])
  const starts = bucketStarts(unit, from, to)
  const index = new Map(starts.map((s, i) => [s, i]))
  const counts = starts.map(() => shown.map(() => 0))

  const weekly = unitFor(from, to, ['week', 'month']) as 'week' | 'month'
  const weeks = bucketStarts(weekly, from, to)
  const weekIndex = new Map(weeks.map((s, i) => [s, i]))
  const cents = weeks.map(() => 0)

  let total = 0
  let totalCents = 0
  for (const [day, perStatus] of byDay) {
    const i = index.get(startOf(unit, day))!
    const w = weekIndex.get(startOf(weekly, day))!
    for (const [status, sum] of perStatus) {
      counts[i]![column.get(status)!]! += sum.orders
      cents[w]! += sum.cents
      total += sum.orders
      totalCents += sum.cents
    }
  }
  return {
    from,
    to,
    orders: { unit, statuses: shown, starts, counts },
    commission: { unit: weekly, starts: weeks, cents },
    total,
    totalCents,
  }
}

/**
 * Tallies per hour bucket and status (what SQL groups by, see report.server.ts) as tallies per
 * business day; `dayOf` names a bucket's day (the bucket lies within one business day).
 */
export function talliesByDay(
  rows: Iterable<{ bucket: number; status: string; orders: number; cents: number }>,
  dayOf: (bucket: number) => string,
): DayTally[] {
  const out = new Map<string, DayTally>()
  const days = new Map<number, string>()
  for (const r of rows) {
    let day = days.get(r.bucket)
    if (day === undefined) days.set(r.bucket, (day = dayOf(r.bucket)))
    const key = `${day} ${r.status}`
    const t = out.get(key)
    if (t) {
      t.orders += r.orders
      t.cents += r.cents
    } else out.set(key, { day, status: r.status, orders: r.orders, cents: r.cents })
  }
  return [...out.values()]
}

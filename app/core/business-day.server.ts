import { env } from './env.server'

// Building an Intl.DateTimeFormat is costly; one per time zone is kept.
const formats = new Map<string, Intl.DateTimeFormat>()
function formatFor(timeZone: string) {
  let format = formats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
    formats.set(timeZone, format)
  }
  return format
}

const QUARTER_HOUR = 15 * 60_000
const SPAN = 6 * 60 * 60_000

/** A zone's offset from UTC (ms) at a moment, through Intl (slow). */
function offsetAt(ms: number, timeZone: string) {
  const parts = formatFor(timeZone).formatToParts(new Date(ms))
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute')) - ms
}

// Per zone and six-hour span: its offset, or null when the offset changes within the span.
const spans = new Map<string, Map<number, number | null>>()

/**
 * A zone's offset from UTC (ms) at a moment, remembered: a report formats a hundred thousand
 * moments. Since 1972 every zone's offset is a whole number of quarter hours and changes at a
 * quarter hour, a few times a year at most; a six-hour span whose first and last quarter hours have
 * the same offset has it throughout. Only in a span with a change is each quarter hour read.
 */
let last = { timeZone: '', quarter: NaN, offset: 0 }
function zoneOffset(ms: number, timeZone: string) {
  const quarter = Math.floor(ms / QUARTER_HOUR)
  // Moments come in order in a report: most fall in the quarter hour just read.
  if (quarter === last.quarter && timeZone === last.timeZone) return last.offset
  let known = spans.get(timeZone)
  if (!known) spans.set(timeZone, (known = new Map()))
  const span = Math.floor(ms / SPAN)
  let steady = known.get(span)
  if (steady === undefined) {
    const first = offsetAt(span * SPAN, timeZone)
    steady = first === offsetAt((span + 1) * SPAN - QUARTER_HOUR, timeZone) ? first : null
    if (known.size >= 20_000) known.clear()
    known.set(span, steady)
  }
  const offset = steady ?? offsetAt(quarter * QUARTER_HOUR, timeZone)
  last = { timeZone, quarter, offset }
  return offset
}

function zonedParts(at: Date, timeZone: string) {
  const wall = new Date(at.getTime() + zoneOffset(at.getTime(), timeZone))
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  }
}

/** Today's date (YYYY-MM-DD) in the business time zone (setting BUSINESS_TIMEZONE, default UTC). */
export function businessDate(now = new Date(), timeZone = env.BUSINESS_TIMEZONE) {
  const p = zonedParts(now, timeZone)
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`
}

/** A moment as the order detail shows it: YYYY-MM-DD HH:mm in the business time zone. */
export function businessDateTime(at: Date, timeZone = env.BUSINESS_TIMEZONE) {
  // The wall clock as an ISO text: YYYY-MM-DDTHH:mm…
  const wall = businessWallClock(at, timeZone).toISOString()
  return `${wall.slice(0, 10)} ${wall.slice(11, 16)}`
}

/**
 * A moment as the business clock shows it, as a Date whose UTC fields are that wall time (what a
 * spreadsheet's time-zone-less date cell needs).
 */
export function businessWallClock(at: Date, timeZone = env.BUSINESS_TIMEZONE) {
  return new Date(at.getTime() + zoneOffset(at.getTime(), timeZone))
}

/** The instant a business day (YYYY-MM-DD) begins in the business time zone. */
export function businessDayStart(day: string, timeZone = env.BUSINESS_TIMEZONE) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const wall = Date.UTC(y, m - 1, d)
  // The zone's offset at that moment, read back from the wall clock it shows.
  const p = zonedParts(new Date(wall), timeZone)
  const offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - wall
  const guess = wall - offset
  const q = zonedParts(new Date(guess), timeZone)
  const again = Date.UTC(q.year, q.month - 1, q.day, q.hour, q.minute, q.second) - guess
  return new Date(wall - again)
}

/** The day after a business day (YYYY-MM-DD). */
export function nextDay(day: string) {
  const next = new Date(`${day}T00:00:00Z`)
  next.setUTCDate(next.getUTCDate() + 1)
  return next.toISOString().slice(0, 10)
}

/** The instant the current business day began. */
export function startOfBusinessDay(now = new Date(), timeZone = env.BUSINESS_TIMEZONE) {
  const p = zonedParts(now, timeZone)
  const wallAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)
  const offset = wallAsUtc - Math.floor(now.getTime() / 1000) * 1000
  return new Date(Date.UTC(p.year, p.month - 1, p.day) - offset)
}

/** A calendar date (YYYY-MM-DD) moved by whole days. */
export function addDays(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

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

function zonedParts(at: Date, timeZone: string) {
  const parts = formatFor(timeZone).formatToParts(at)
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  }
}

/** Today's date (YYYY-MM-DD) in the business time zone (setting BUSINESS_TIMEZONE, default UTC). */
export function businessDate(now = new Date(), timeZone = env.BUSINESS_TIMEZONE) {
  const p = zonedParts(now, timeZone)
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`
}

/** A moment as the order detail shows it: YYYY-MM-DD HH:mm in the business time zone. */
export function businessDateTime(at: Date, timeZone = env.BUSINESS_TIMEZONE) {
  const p = zonedParts(at, timeZone)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${businessDate(at, timeZone)} ${two(p.hour)}:${two(p.minute)}`
}

/**
 * A moment as the business clock shows it, as a Date whose UTC fields are that wall time (what a
 * spreadsheet's time-zone-less date cell needs).
 */
export function businessWallClock(at: Date, timeZone = env.BUSINESS_TIMEZONE) {
  const p = zonedParts(at, timeZone)
  return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second))
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

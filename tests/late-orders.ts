/** Helpers for the late-order tests: reservations made in the past, relative to the real clock. */
import { startOfBusinessDay } from '~/core/business-day.server'

const HOUR = 60 * 60_000

/**
 * Two moments of one business day, the first a reservation that has expired (60 minutes) less
 * than 24 hours ago, the second just after it expired: whatever the time of day now.
 */
export function expiredThenAfter(now = Date.now()) {
  const dayStart = startOfBusinessDay(new Date(now)).getTime()
  const first = now - 2 * HOUR >= dayStart ? now - 2 * HOUR : dayStart - 3 * HOUR
  return { expired: new Date(first), after: new Date(first + 65 * 60_000) }
}

/** A moment whose 60-minute reservation expired more than 24 hours ago. */
export const tooLongAgo = () => new Date(Date.now() - 26 * HOUR)

import { describe, expect, test } from 'vitest'
import { businessDateTime, businessWallClock } from './business-day.server'

/** What Intl itself shows for a moment in a zone: YYYY-MM-DD HH:mm:ss (Sweden's format). */
const intlWallClock = (at: Date, timeZone: string) => at.toLocaleString('sv-SE', { timeZone })

describe('the business clock', () => {
  // Each zone around its daylight-saving changes (or odd offsets), minute by minute for hours.
  const cases: Array<[string, string]> = [
    ['Europe/Berlin', '2026-03-29T00:00:00Z'],
    ['Europe/Berlin', '2026-10-25T00:00:00Z'],
    ['America/New_York', '2026-11-01T04:00:00Z'],
    ['Australia/Lord_Howe', '2026-04-04T14:00:00Z'],
    ['Asia/Kathmandu', '2026-11-22T00:00:00Z'],
    ['Asia/Karachi', '2026-11-22T18:30:00Z'],
    ['UTC', '2026-12-31T22:00:00Z'],
  ]
  test.each(cases)('in %s it shows what Intl shows, across the changes', (zone, from) => {
    const start = Date.parse(from)
    for (let minute = 0; minute < 6 * 60; minute += 1) {
      const at = new Date(start + minute * 60_000 + 17_000)
      const expected = intlWallClock(at, zone)
      expect(businessWallClock(at, zone).toISOString().replace('T', ' ').slice(0, 19)).toBe(
        expected,
      )
      expect(businessDateTime(at, zone)).toBe(expected.slice(0, 16))
    }
  })
})

import { describe, expect, test } from 'vitest'
import {
  barLabels,
  COMMISSION_COLOR,
  niceScale,
  OTHER_COLOR,
  PLOT,
  stackedBars,
  STATUS_COLORS,
  tickText,
} from './geometry'

/** WCAG's contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string) {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    }) as [number, number, number]
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl
  }
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number]
  return (x + 0.05) / (y + 0.05)
}

describe('chart geometry', () => {
  test('a scale ends on a round number past the largest value', () => {
    expect(niceScale(0)).toEqual({ top: 1, ticks: [0, 1] })
    expect(niceScale(3)).toEqual({ top: 3, ticks: [0, 1, 2, 3] })
    expect(niceScale(7)).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] })
    expect(niceScale(130)).toEqual({ top: 150, ticks: [0, 50, 100, 150] })
  })

  test('stacked bars: one slot per bucket, segments bottom up, a gap between segments', () => {
    // Plot 160 high: bars from y 136 (baseline) up to y 8.
    const { bars, ticks, baseline, slots } = stackedBars(
      [
        [2, 2],
        [0, 0],
        [4, 0],
      ],
      ['#111111', '#222222'],
    )
    expect(baseline).toBe(PLOT.height - PLOT.bottom)
    expect(slots).toBe(3)
    expect(ticks).toEqual([
      { value: 0, y: 136 },
      { value: 1, y: 104 },
      { value: 2, y: 72 },
      { value: 3, y: 40 },
      { value: 4, y: 8 },
    ])
    expect(bars).toEqual([
      // Bucket 0: 2 then 2, each 64 high; the lower leaves a 1-point gap under the upper.
      { slot: 0, x: 0.0467, width: 0.24, y: 73, height: 63, color: '#111111' },
      { slot: 0, x: 0.0467, width: 0.24, y: 8, height: 64, color: '#222222' },
      // Bucket 1 is empty; bucket 2 is one segment, the whole height.
      { slot: 2, x: 0.7133, width: 0.24, y: 8, height: 128, color: '#111111' },
    ])
  })

  test('labels: at most five, a step apart, the first and last at the edges', () => {
    const days = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`)
    // Every 8th day; Nov 25 is left out, less than a step before the last.
    expect(barLabels(days, 'day')).toEqual([
      { x: 0, text: 'Nov 1', anchor: 'start' },
      { x: 0.2833, text: 'Nov 9', anchor: 'middle' },
      { x: 0.55, text: 'Nov 17', anchor: 'middle' },
      { x: 1, text: 'Nov 30', anchor: 'end' },
    ])
    expect(barLabels(days.slice(0, 10), 'day').map((l) => l.text)).toEqual([
      'Nov 1',
      'Nov 4',
      'Nov 7',
      'Nov 10',
    ])
    expect(barLabels(days.slice(0, 2), 'week').map((l) => l.text)).toEqual(['Nov 1', 'Nov 2'])
    expect(barLabels(['2026-11-01'], 'month')).toEqual([
      { x: 0.5, text: 'Nov 2026', anchor: 'middle' },
    ])
    expect(barLabels([], 'day')).toEqual([])
    expect(tickText(2500)).toBe('2,500')
    expect(tickText(25_000)).toBe('25k')
  })

  test('every bar colour is seen (3:1) on a light and on a dark surface', () => {
    for (const color of [...Object.values(STATUS_COLORS), OTHER_COLOR, COMMISSION_COLOR]) {
      expect(contrast(color, '#ffffff'), `${color} on white`).toBeGreaterThanOrEqual(3)
      expect(contrast(color, '#16243b'), `${color} on the dark surface`).toBeGreaterThanOrEqual(3)
    }
  })
})

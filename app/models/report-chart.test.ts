import { describe, expect, test } from 'vitest'
import { buildReportChart, dayCount, talliesByDay, weekStart } from './report-chart'

const STATUSES = [
  { id: 'ordered', name: 'Ordered' },
  { id: 'reviewed', name: 'Reviewed' },
  { id: 'cancelled', name: 'Cancelled' },
]

describe('the report chart from tallies per day and status', () => {
  test('orders per day by status: every day of the range, empty ones at 0, statuses with orders only', () => {
    const chart = buildReportChart(
      [
        { day: '2026-11-02', status: 'ordered', orders: 2, cents: 300 },
        { day: '2026-11-02', status: 'cancelled', orders: 1, cents: 150 },
        { day: '2026-11-04', status: 'ordered', orders: 1, cents: 150 },
        // Outside the range: left out.
        { day: '2026-11-05', status: 'reviewed', orders: 9, cents: 900 },
      ],
      { from: '2026-11-01', to: '2026-11-04' },
      STATUSES,
    )
    expect(chart.orders).toEqual({
      unit: 'day',
      statuses: [
        { id: 'ordered', name: 'Ordered' },
        { id: 'cancelled', name: 'Cancelled' },
      ],
      starts: ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04'],
      counts: [
        [0, 0],
        [2, 1],
        [0, 0],
        [1, 0],
      ],
    })
    expect(chart.total).toBe(4)
    expect(chart.totalCents).toBe(600)
  })

  test('commission per week: weeks begin on Monday, the first may begin before the range', () => {
    expect(weekStart('2026-11-01')).toBe('2026-10-26') // a Sunday
    expect(weekStart('2026-11-02')).toBe('2026-11-02') // a Monday
    const chart = buildReportChart(
      [
        { day: '2026-11-01', status: 'ordered', orders: 1, cents: 125 },
        { day: '2026-11-02', status: 'reviewed', orders: 1, cents: 200 },
        { day: '2026-11-08', status: 'ordered', orders: 2, cents: 50 },
        { day: '2026-11-09', status: 'ordered', orders: 1, cents: 1000 },
      ],
      { from: '2026-11-01', to: '2026-11-10' },
      STATUSES,
    )
    expect(chart.commission).toEqual({
      unit: 'week',
      starts: ['2026-10-26', '2026-11-02', '2026-11-09'],
      cents: [125, 250, 1000],
    })
  })

  test('an empty range has its days and no orders; a reversed one has no days', () => {
    const empty = buildReportChart([], { from: '2026-11-01', to: '2026-11-03' }, STATUSES)
    expect(empty.total).toBe(0)
    expect(empty.orders.statuses).toEqual([])
    expect(empty.orders.starts).toEqual(['2026-11-01', '2026-11-02', '2026-11-03'])
    expect(empty.orders.counts).toEqual([[], [], []])
    // 2026-11-01 is a Sunday: its week and the next.
    expect(empty.commission).toEqual({
      unit: 'week',
      starts: ['2026-10-26', '2026-11-02'],
      cents: [0, 0],
    })
    const reversed = buildReportChart([], { from: '2026-11-03', to: '2026-11-01' }, STATUSES)
    expect(reversed.orders.starts).toEqual([])
    expect(reversed.commission.starts).toEqual([])
    expect(dayCount('2026-11-03', '2026-11-01')).toBe(0)
  })

  test('a long range narrows to the days with orders, then shows weeks or months', () => {
    const tallies = [
      { day: '2026-03-10', status: 'ordered', orders: 1, cents: 100 },
      { day: '2026-04-20', status: 'reviewed', orders: 3, cents: 300 },
    ]
    const narrowed = buildReportChart(tallies, { from: '2000-01-01', to: '2099-12-31' }, STATUSES)
    expect([narrowed.from, narrowed.to]).toEqual(['2026-03-10', '2026-04-20'])
    expect(narrowed.orders.unit).toBe('day')
    expect(narrowed.orders.starts).toHaveLength(42)

    const long = buildReportChart(
      [...tallies, { day: '2026-12-01', status: 'ordered', orders: 1, cents: 5 }],
      { from: '2026-01-01', to: '2026-12-31' },
      STATUSES,
    )
    expect(long.orders.unit).toBe('week')
    expect(long.commission.unit).toBe('week')
    expect(long.orders.starts[0]).toBe('2026-03-09')

    const years = buildReportChart(
      [...tallies, { day: '2028-06-01', status: 'ordered', orders: 1, cents: 5 }],
      { from: '2026-01-01', to: '2028-12-31' },
      STATUSES,
    )
    expect(years.orders.unit).toBe('month')
    expect(years.commission.unit).toBe('month')
    expect(years.orders.starts[0]).toBe('2026-03-01')
    expect(years.orders.starts.at(-1)).toBe('2028-06-01')
    expect(years.orders.counts[1]).toEqual([0, 3])
  })

  test('hours of one business day add up to that day', () => {
    const day = (bucket: number) => (bucket < 24 ? '2026-11-01' : '2026-11-02')
    expect(
      talliesByDay(
        [
          { bucket: 3, status: 'ordered', orders: 1, cents: 10 },
          { bucket: 20, status: 'ordered', orders: 2, cents: 20 },
          { bucket: 25, status: 'ordered', orders: 1, cents: 5 },
        ],
        day,
      ),
    ).toEqual([
      { day: '2026-11-01', status: 'ordered', orders: 3, cents: 30 },
      { day: '2026-11-02', status: 'ordered', orders: 1, cents: 5 },
    ])
  })
})

import { describe, expect, test } from 'vitest'
import { makeOrder, makeProduct, makeUser } from '../../server/factories'
import { makeRefs } from '../../tests/api'
import { addDays, businessDate, businessDayStart } from '~/core/business-day.server'
import { sqlite } from '../../db/client'
import {
  dashboardChart,
  reportChart,
  reportChartSql,
  reportCount,
  reportSummaryInBatches,
  reportRange,
} from './report.server'

/** A moment `hours` after a business day's start. */
const at = (day: string, hours: number) =>
  new Date(businessDayStart(day).getTime() + hours * 3_600_000)

/** A fresh pmm's product with a pm's orders on given days and statuses (commission 15.00 each). */
async function world() {
  const pmm = await makeUser({ role: 'pmm' })
  const pm = await makeUser({ role: 'pm' })
  const product = await makeProduct(pmm, makeRefs())
  const order = (createdAt: Date, statusId = 'ordered', user = pm) =>
    makeOrder({ product: { ...product, commission: 1500 }, user, createdAt, statusId })
  return { pmm, pm, product, order }
}

describe("the report's charts, over the report's own filtered set", () => {
  test('orders per day by status and commission per week, for the viewer and the filters', async () => {
    const w = await world()
    // Monday 2026-11-02 to Wednesday 2026-11-11 (the next week's Wednesday).
    w.order(at('2026-11-02', 0), 'ordered') // the day's first moment
    w.order(at('2026-11-02', 23.99), 'cancelled') // its last hour
    w.order(at('2026-11-03', 10), 'ordered')
    w.order(at('2026-11-09', 1), 'reviewed')
    w.order(at('2026-11-12', 1), 'ordered') // after the range
    w.order(at('2026-11-01', 23.99), 'ordered') // before it
    // Someone else's order on another pmm's product: not the viewer's.
    const other = await world()
    other.order(at('2026-11-03', 5), 'ordered')

    const f = reportRange({ from: '2026-11-02', to: '2026-11-11' })
    const chart = reportChart(w.pmm, f)
    expect(chart.orders.statuses.map((s) => s.id)).toEqual(['ordered', 'reviewed', 'cancelled'])
    expect(chart.orders.starts).toHaveLength(10)
    expect(chart.orders.counts.slice(0, 2)).toEqual([
      [1, 0, 1],
      [1, 0, 0],
    ])
    expect(chart.orders.counts[7]).toEqual([0, 1, 0])
    expect(chart.total).toBe(4)
    // The same orders as the report's count: the page shows the chart's total as its count.
    expect(chart.total).toBe(reportCount(w.pmm, f))
    expect(chart.commission).toEqual({
      unit: 'week',
      starts: ['2026-11-02', '2026-11-09'],
      cents: [4500, 1500],
    })

    // A filter narrows the chart as it narrows the rows; the pm sees their own.
    const ordered = reportChart(w.pmm, { ...f, status: 'ordered' })
    expect(ordered.total).toBe(2)
    expect(ordered.orders.statuses.map((s) => s.id)).toEqual(['ordered'])
    expect(reportChart(w.pm, f).total).toBe(4)
    expect(reportChart(other.pmm, f).total).toBe(1)

    // The PDF's one read in batches gives the same chart.
    for (const size of [1, 3]) {
      const read = await reportSummaryInBatches(w.pmm, f, () => Promise.resolve(), size)
      expect(read.chart).toEqual(chart)
    }
  })

  test('remembered until the next write: a new order is in the next chart', async () => {
    const w = await world()
    const f = reportRange({ from: '2026-11-02', to: '2026-11-03' })
    w.order(at('2026-11-02', 3), 'ordered')
    expect(reportChart(w.pmm, f).total).toBe(1)
    expect(reportChart(w.pmm, f).total).toBe(1)
    w.order(at('2026-11-03', 3), 'reviewed')
    const chart = reportChart(w.pmm, f)
    expect(chart.total).toBe(2)
    expect(chart.orders.counts).toEqual([
      [1, 0],
      [0, 1],
    ])
  })

  test('no orders: the days are there, every count 0; a reversed range has none', async () => {
    const w = await world()
    const chart = reportChart(w.pmm, reportRange({ from: '2026-11-02', to: '2026-11-04' }))
    expect(chart.total).toBe(0)
    expect(chart.orders.starts).toEqual(['2026-11-02', '2026-11-03', '2026-11-04'])
    expect(chart.commission.cents).toEqual([0])
    const reversed = reportChart(w.pmm, reportRange({ from: '2026-11-04', to: '2026-11-02' }))
    expect(reversed.orders.starts).toEqual([])
  })

  test("a dashboard's chart: the viewer's orders of the last 30 days", async () => {
    const w = await world()
    const today = businessDate()
    w.order(new Date(), 'ordered')
    w.order(at(addDays(today, -29), 1), 'reviewed')
    w.order(at(addDays(today, -30), 1), 'reviewed') // 31 days ago
    const chart = dashboardChart(w.pm)
    expect(chart.from).toBe(addDays(today, -29))
    expect(chart.to).toBe(today)
    expect(chart.orders.starts).toHaveLength(30)
    expect(chart.total).toBe(2)
    expect(chart.orders.counts[0]).toEqual([0, 1])
    expect(chart.orders.counts[29]).toEqual([1, 0])
  })
})

describe("the charts' aggregate reads the report's index range", () => {
  for (const [who, viewer] of [
    ['admin', { id: 1, role: 'admin' }],
    ['pmm', { id: 2, role: 'pmm' }],
    ['pm', { id: 3, role: 'pm' }],
  ] as const) {
    test(`a ${who}'s: a range scan on an index that covers it, grouped once`, () => {
      const { sql, params } = reportChartSql(viewer, { from: '2026-01-01', to: '2026-12-31' })
      const steps = (
        sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>
      ).map((r) => r.detail)
      const index = {
        pm: 'orders_user_chart_idx',
        pmm: 'orders_product_chart_idx',
        admin: 'orders_chart_idx',
      }[who]
      expect(steps.find((s) => s.startsWith('SEARCH orders '))).toMatch(
        new RegExp(`^SEARCH orders USING COVERING INDEX ${index} \\(`),
      )
      expect(steps.filter((s) => s.includes('TEMP B-TREE'))).toEqual([
        'USE TEMP B-TREE FOR GROUP BY',
      ])
    })
  }
})

describe('business days in another time zone', () => {
  for (const [zone, day, justBefore, justAfter] of [
    // +5:30: the day begins at 18:30 UTC the day before.
    ['Asia/Kolkata', '2026-11-03', '2026-11-02T18:29:00Z', '2026-11-02T18:31:00Z'],
    // Summer time ends on 2026-11-01 (-4:00, then -5:00): 2026-11-02 begins at 05:00 UTC.
    ['America/New_York', '2026-11-02', '2026-11-02T04:59:00Z', '2026-11-02T05:01:00Z'],
  ] as const) {
    test(`${zone}: an order a minute either side of midnight counts on its own day`, async () => {
      const { env } = await import('~/core/env.server')
      const before = env.BUSINESS_TIMEZONE
      env.BUSINESS_TIMEZONE = zone
      try {
        const w = await world()
        w.order(new Date(justBefore), 'ordered')
        w.order(new Date(justAfter), 'reviewed')
        const f = reportRange({ from: addDays(day, -2), to: day })
        const chart = reportChart(w.pmm, f)
        expect(chart.orders.starts).toEqual([addDays(day, -2), addDays(day, -1), day])
        expect(chart.orders.counts).toEqual([
          [0, 0],
          [1, 0],
          [0, 1],
        ])
        expect((await reportSummaryInBatches(w.pmm, f, () => Promise.resolve())).chart).toEqual(
          chart,
        )
      } finally {
        env.BUSINESS_TIMEZONE = before
      }
    })
  }
})

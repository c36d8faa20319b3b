import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import type { ReportChart } from '~/models/report-chart'
import { PLOT } from './geometry'
import { OrdersChart } from './report-charts'

const chart: ReportChart = {
  from: '2026-10-05',
  to: '2026-10-07',
  orders: {
    unit: 'day',
    statuses: [
      { id: 'ordered', name: 'Ordered' },
      { id: 'reviewed', name: 'Reviewed' },
    ],
    starts: ['2026-10-05', '2026-10-06', '2026-10-07'],
    // A scale of 3: heights in thirds of the plot, endless decimals.
    counts: [
      [1, 2],
      [0, 0],
      [2, 1],
    ],
  },
  commission: { unit: 'week', starts: ['2026-10-05'], cents: [1250] },
  total: 6,
  totalCents: 1250,
}

/**
 * Each segment's bar, top, height and bottom in pixels, as the plot's paths write them (vertical
 * lines, in tenths of a pixel).
 */
function segments(html: string) {
  const ds = [...html.matchAll(/<path stroke="[^"]+" d="([^"]+)"/g)].map((m) => m[1]!)
  return ds.flatMap((d) =>
    [...d.matchAll(/M(\d+) (\d+)v(\d+)/g)].map((m) => ({
      bar: Number(m[1]),
      top: Number(m[2]) / 10,
      height: Number(m[3]) / 10,
      bottom: (Number(m[2]) + Number(m[3])) / 10,
    })),
  )
}

test("a chart's bars are written to a tenth of a pixel and stacked segments keep their gap", () => {
  const html = renderToString(<OrdersChart chart={chart} id="orders" />)
  const bars = segments(html)
  // Day 1 (two segments) and day 3 (two segments); the empty day draws nothing.
  expect(bars).toHaveLength(4)
  // A view box one unit wide per day (bar i's line at x = i) and ten units per pixel high.
  expect(html).toContain('viewBox="-0.5 0 3 1600" preserveAspectRatio="none" stroke-width="0.72"')
  // (A path per colour: the lower segments', then the upper ones'.)
  expect(bars.map((b) => b.bar)).toEqual([0, 2, 0, 2])
  const baseline = PLOT.height - PLOT.bottom
  for (const bar of [0, 2]) {
    const [lower, upper] = bars.filter((b) => b.bar === bar)
    expect(lower!.bottom).toBe(baseline)
    // The upper segment ends where the lower one's one-pixel gap begins.
    expect(Math.round((lower!.top - 1) * 10) / 10).toBe(upper!.bottom)
  }
})

test("a chart's numbers are a table with a row per day that has orders", () => {
  const html = renderToString(<OrdersChart chart={chart} id="orders" />)
  const table = html.slice(html.indexOf('<table'), html.indexOf('</table>'))
  expect(table).toContain(
    '<tr><th scope="col">Day</th><th scope="col">Ordered</th><th scope="col">Reviewed</th><th scope="col">All</th></tr>',
  )
  expect(table).toContain(
    '<tr><th scope="row">2026-10-05</th><td>1</td><td>2</td><td>3</td></tr><tr><th scope="row">2026-10-07</th><td>2</td><td>1</td><td>3</td></tr>',
  )
})

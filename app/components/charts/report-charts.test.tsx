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

/** Each segment's top, height and bottom, as the plot's paths write them. */
function segments(html: string) {
  const ds = [...html.matchAll(/<path fill="[^"]+" d="([^"]+)"/g)].map((m) => m[1]!)
  return ds.flatMap((d) =>
    [...d.matchAll(/M([\d.]+) ([\d.]+)h[\d.]+v([\d.]+)h-[\d.]+z/g)].map((m) => ({
      x: m[1]!,
      top: m[2]!,
      height: m[3]!,
      bottom: Math.round((Number(m[2]) + Number(m[3])) * 10) / 10,
    })),
  )
}

test("a chart's bars are written to a tenth of a pixel and stacked segments keep their gap", () => {
  const html = renderToString(<OrdersChart chart={chart} id="orders" />)
  const bars = segments(html)
  // Day 1 (two segments) and day 3 (two segments); the empty day draws nothing.
  expect(bars).toHaveLength(4)
  for (const b of bars) {
    expect(b.top).toMatch(/^\d+(\.\d)?$/)
    expect(b.height).toMatch(/^\d+(\.\d)?$/)
  }
  const baseline = PLOT.height - PLOT.bottom
  for (const x of new Set(bars.map((b) => b.x))) {
    const [lower, upper] = bars.filter((b) => b.x === x)
    expect(lower!.bottom).toBe(baseline)
    // The upper segment ends where the lower one's one-pixel gap begins.
    expect(Math.round((Number(lower!.top) - 1) * 10) / 10).toBe(upper!.bottom)
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

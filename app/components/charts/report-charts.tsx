import type { ReactNode } from 'react'
// Only the pages with a chart load its styles (with the charts' chunk).
import './charts.css'
import type { ReportChart } from '~/models/report-chart'
import {
  bucketName,
  commissionSummary,
  commissionTitle,
  money,
  ordersSummary,
  ordersTitle,
  statusTotals,
} from './chart-text'
import {
  AXIS_WIDTH,
  BAR_SHARE,
  barLabels,
  byColor,
  colorOf,
  COMMISSION_COLOR,
  PLOT,
  stackedBars,
  tickText,
  type Label,
} from './geometry'

/*
 * Charts drawn on the server as SVG (no chart code runs in the browser: they show without
 * JavaScript and print). Each is a figure: its title, a summary sentence (its text alternative),
 * the bars, a legend of the statuses' colours with their totals, and its numbers as a table in a
 * disclosure. Decision record 102.
 */

const percent = (fraction: number) => `${Math.round(fraction * 10_000) / 100}%`

function ChartFigure({
  id,
  title,
  summary,
  empty,
  plot,
  legend,
  table,
}: {
  id: string
  title: string
  summary: string
  /** No orders: the title and the summary sentence only. */
  empty: boolean
  /** The plot's and the table's markup. */
  plot: string
  legend?: ReactNode
  table: string
}) {
  return (
    <figure className="chart" aria-labelledby={`${id}-title`}>
      <h2 className="chart__title" id={`${id}-title`}>
        {title}
      </h2>
      <p className="chart__summary" id={`${id}-summary`}>
        {summary}
      </p>
      {empty ? null : <div className="chart__body" dangerouslySetInnerHTML={{ __html: plot }} />}
      {empty ? null : legend}
      {empty ? null : (
        <details className="chart__data">
          <summary>Numbers of the chart</summary>
          {/* A table wider than the chart scrolls here, not the page; focusable, so the
              keyboard scrolls it too. */}
          <div
            className="chart__scroll"
            role="group"
            aria-label={`${title}: numbers`}
            tabIndex={0}
            dangerouslySetInnerHTML={{ __html: table }}
          />
        </details>
      )}
    </figure>
  )
}

/** Text for HTML: names come from the database. */
const esc = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The ticks' numbers (left) and the plot (bars, gridlines, labels below), side by side. Written as
 * markup, not as React elements: a year's chart is hundreds of bars, and rendering them as
 * elements cost the page more than its aggregate (BENCH_ONLY=charts); React leaves the markup
 * alone when it hydrates.
 */
function plotHtml({
  id,
  bars,
  slots,
  ticks,
  labels,
  tickLabel,
}: {
  id: string
  bars: ReturnType<typeof stackedBars>['bars']
  /** The number of bars (empty ones included): the view box's width. */
  slots: number
  ticks: ReturnType<typeof stackedBars>['ticks']
  labels: Label[]
  tickLabel: (value: number) => string
}) {
  const axis = ticks
    .map(
      (t) =>
        `<text x="${AXIS_WIDTH - 6}" y="${t.y + 4}" text-anchor="end">${esc(tickLabel(t.value))}</text>`,
    )
    .join('')
  const grid = ticks
    .map((t) => `<line class="chart__grid" x1="0" x2="100%" y1="${t.y}" y2="${t.y}"/>`)
    .join('')
  // One path per colour, each segment a vertical line as wide as a bar (a stroke), in a view box
  // one unit wide per bar and ten per pixel high, stretched to the plot (a stroke across a
  // stretched box is still a rectangle): bar i's line at x = i, its top and height in tenths of a
  // pixel, whole numbers (half the bytes of the segment drawn as a shape). A segment's top and
  // bottom are rounded, not its height, so the gaps between stacked segments stay even.
  const tenths = (n: number) => Math.round(n * 10)
  const paths = byColor(bars)
    .map(
      ([color, group]) =>
        `<path stroke="${color}" d="${group
          .map((b) => {
            const top = tenths(b.y)
            return `M${b.slot} ${top}v${tenths(b.y + b.height) - top}`
          })
          .join('')}"/>`,
    )
    .join('')
  const groups = `<svg width="100%" height="${PLOT.height}" viewBox="-0.5 0 ${slots} ${PLOT.height * 10}" preserveAspectRatio="none" stroke-width="${BAR_SHARE}">${paths}</svg>`
  const names = labels
    .map(
      (l) =>
        `<text x="${percent(l.x)}" y="${PLOT.height - 6}" text-anchor="${l.anchor}">${esc(l.text)}</text>`,
    )
    .join('')
  return (
    `<svg class="chart__axis" width="${AXIS_WIDTH}" height="${PLOT.height}" aria-hidden="true">${axis}</svg>` +
    `<svg class="chart__plot" width="100%" height="${PLOT.height}" role="img" aria-labelledby="${esc(id)}-summary">${grid}${groups}${names}</svg>`
  )
}

/**
 * A chart's numbers as a table (markup, as the plot): a header row, then a row per bucket. Its
 * numbers' columns are aligned by `table--numbers` (app.css), not a class on each of a month's
 * ~300 cells.
 */
function tableHtml({
  caption,
  head,
  rows,
}: {
  caption: string
  head: string[]
  rows: Array<{ name: string; cells: string[] }>
}) {
  return (
    `<table class="table table--numbers chart__table"><caption>${esc(caption)}</caption><thead><tr>` +
    head.map((h) => `<th scope="col">${esc(h)}</th>`).join('') +
    `</tr></thead><tbody>` +
    rows
      .map(
        (r) =>
          `<tr><th scope="row">${esc(r.name)}</th>${r.cells.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`,
      )
      .join('') +
    `</tbody></table>`
  )
}

// A chart's markup by its numbers: the report's charts are remembered until their orders change
// (reportChart), and so is what they draw; a page shown again builds no markup.
const markupOf = new WeakMap<ReportChart, Map<string, { plot: string; table: string }>>()
function remembered(
  chart: ReportChart,
  key: string,
  build: () => { plot: string; table: string },
): { plot: string; table: string } {
  let known = markupOf.get(chart)
  if (!known) markupOf.set(chart, (known = new Map()))
  let markup = known.get(key)
  if (!markup) known.set(key, (markup = build()))
  return markup
}

function Swatch({ color }: { color: string }) {
  return (
    <svg className="chart__swatch" width="12" height="12" aria-hidden="true">
      <rect width="12" height="12" rx="3" fill={color} />
    </svg>
  )
}

/** Orders per day (week, month) by status, stacked; `title` replaces the chart's own. */
export function OrdersChart({
  chart,
  id,
  title,
}: {
  chart: ReportChart
  id: string
  title?: string
}) {
  const { orders } = chart
  const heading = title ?? ordersTitle(chart)
  const totals = statusTotals(chart)
  const markup = remembered(chart, `orders ${id} ${heading}`, () => {
    const { bars, ticks, slots } = stackedBars(
      orders.counts,
      orders.statuses.map((s) => colorOf(s.id)),
    )
    const shown = orders.counts.flatMap((c, i) =>
      c.some((n) => n > 0) ? [{ start: orders.starts[i]!, counts: c }] : [],
    )
    return {
      plot: plotHtml({
        id,
        bars,
        slots,
        ticks,
        labels: barLabels(orders.starts, orders.unit),
        tickLabel: tickText,
      }),
      table: tableHtml({
        caption: `${heading} (${orders.unit === 'day' ? 'days' : `${orders.unit}s`} without orders left out)`,
        head: [
          orders.unit === 'day' ? 'Day' : 'From',
          ...orders.statuses.map((s) => s.name),
          'All',
        ],
        rows: shown.map((b) => ({
          name: bucketName(orders.unit, b.start),
          cells: [...b.counts, b.counts.reduce((a, c) => a + c, 0)].map(String),
        })),
      }),
    }
  })
  return (
    <ChartFigure
      id={id}
      title={heading}
      summary={ordersSummary(chart)}
      empty={chart.total === 0}
      plot={markup.plot}
      legend={
        <ul className="chart__legend" aria-label="Statuses">
          {totals.map((s) => (
            <li key={s.id}>
              <Swatch color={colorOf(s.id)} />
              {s.name} {s.orders.toLocaleString('en-US')}
            </li>
          ))}
        </ul>
      }
      table={markup.table}
    />
  )
}

/** Commission per week (per month on a long range). */
export function CommissionChart({ chart, id }: { chart: ReportChart; id: string }) {
  const { commission } = chart
  const heading = commissionTitle(chart)
  const markup = remembered(chart, `commission ${id}`, () => {
    // In currency units, so the ticks are round amounts.
    const { bars, ticks, slots } = stackedBars(
      commission.cents.map((c) => [c / 100]),
      [COMMISSION_COLOR],
    )
    const shown = commission.cents.flatMap((c, i) =>
      c > 0 ? [{ start: commission.starts[i]!, cents: c }] : [],
    )
    return {
      plot: plotHtml({
        id,
        bars,
        slots,
        ticks,
        labels: barLabels(commission.starts, commission.unit),
        tickLabel: tickText,
      }),
      table: tableHtml({
        caption: `${heading} (${commission.unit}s without commission left out)`,
        head: ['From', 'Commission'],
        rows: shown.map((b) => ({
          name: bucketName(commission.unit, b.start),
          cells: [money(b.cents)],
        })),
      }),
    }
  })
  return (
    <ChartFigure
      id={id}
      title={heading}
      summary={commissionSummary(chart)}
      empty={chart.total === 0}
      plot={markup.plot}
      table={markup.table}
    />
  )
}

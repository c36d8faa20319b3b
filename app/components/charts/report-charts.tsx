import type { ReactNode } from 'react'
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
 * disclosure. Decision record 100.
 */

const percent = (fraction: number) => `${Math.round(fraction * 10_000) / 100}%`

function ChartFigure({
  id,
  title,
  summary,
  plot,
  legend,
  table,
}: {
  id: string
  title: string
  summary: string
  plot: ReactNode
  legend?: ReactNode
  table: ReactNode
}) {
  return (
    <figure className="chart" aria-labelledby={`${id}-title`}>
      <h2 className="chart__title" id={`${id}-title`}>
        {title}
      </h2>
      <p className="chart__summary" id={`${id}-summary`}>
        {summary}
      </p>
      {plot}
      {legend}
      {table ? (
        <details className="chart__data">
          <summary>Numbers of the chart</summary>
          {table}
        </details>
      ) : null}
    </figure>
  )
}

/** The ticks' numbers (left) and the plot (bars, gridlines, labels below), side by side. */
function Plot({
  id,
  bars,
  ticks,
  labels,
  tickLabel,
}: {
  id: string
  bars: ReturnType<typeof stackedBars>['bars']
  ticks: ReturnType<typeof stackedBars>['ticks']
  labels: Label[]
  tickLabel: (value: number) => string
}) {
  return (
    <div className="chart__body">
      <svg className="chart__axis" width={AXIS_WIDTH} height={PLOT.height} aria-hidden="true">
        {ticks.map((t) => (
          <text key={t.value} x={AXIS_WIDTH - 6} y={t.y + 4} textAnchor="end">
            {tickLabel(t.value)}
          </text>
        ))}
      </svg>
      <svg
        className="chart__plot"
        width="100%"
        height={PLOT.height}
        role="img"
        aria-labelledby={`${id}-summary`}
      >
        {ticks.map((t) => (
          <line key={t.value} className="chart__grid" x1="0" x2="100%" y1={t.y} y2={t.y} />
        ))}
        {/* One group per colour: the fill is written once. */}
        {byColor(bars).map(([color, group]) => (
          <g key={color} fill={color}>
            {group.map((b, i) => (
              <rect key={i} x={percent(b.x)} width={percent(b.width)} y={b.y} height={b.height} />
            ))}
          </g>
        ))}
        {labels.map((l) => (
          <text key={l.text} x={percent(l.x)} y={PLOT.height - 6} textAnchor={l.anchor}>
            {l.text}
          </text>
        ))}
      </svg>
    </div>
  )
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
  const { bars, ticks } = stackedBars(
    orders.counts,
    orders.statuses.map((s) => colorOf(s.id)),
  )
  const shown = orders.counts.flatMap((c, i) =>
    c.some((n) => n > 0) ? [{ start: orders.starts[i]!, counts: c }] : [],
  )
  return (
    <ChartFigure
      id={id}
      title={heading}
      summary={ordersSummary(chart)}
      plot={
        chart.total > 0 ? (
          <Plot
            id={id}
            bars={bars}
            ticks={ticks}
            labels={barLabels(orders.starts, orders.unit)}
            tickLabel={tickText}
          />
        ) : null
      }
      legend={
        chart.total > 0 ? (
          <ul className="chart__legend" aria-label="Statuses">
            {totals.map((s) => (
              <li key={s.id}>
                <Swatch color={colorOf(s.id)} />
                {s.name} {s.orders.toLocaleString('en-US')}
              </li>
            ))}
          </ul>
        ) : null
      }
      table={
        chart.total > 0 ? (
          <table className="table chart__table">
            <caption>
              {heading} ({orders.unit === 'day' ? 'days' : `${orders.unit}s`} without orders left
              out)
            </caption>
            <thead>
              <tr>
                <th scope="col">{orders.unit === 'day' ? 'Day' : 'From'}</th>
                {orders.statuses.map((s) => (
                  <th key={s.id} scope="col" className="num">
                    {s.name}
                  </th>
                ))}
                <th scope="col" className="num">
                  All
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((b) => (
                <tr key={b.start}>
                  <th scope="row">{bucketName(orders.unit, b.start)}</th>
                  {b.counts.map((n, j) => (
                    <td key={j} className="num">
                      {n}
                    </td>
                  ))}
                  <td className="num">{b.counts.reduce((a, c) => a + c, 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null
      }
    />
  )
}

/** Commission per week (per month on a long range). */
export function CommissionChart({ chart, id }: { chart: ReportChart; id: string }) {
  const { commission } = chart
  const heading = commissionTitle(chart)
  // In currency units, so the ticks are round amounts.
  const { bars, ticks } = stackedBars(
    commission.cents.map((c) => [c / 100]),
    [COMMISSION_COLOR],
  )
  const shown = commission.cents.flatMap((c, i) =>
    c > 0 ? [{ start: commission.starts[i]!, cents: c }] : [],
  )
  return (
    <ChartFigure
      id={id}
      title={heading}
      summary={commissionSummary(chart)}
      plot={
        chart.total > 0 ? (
          <Plot
            id={id}
            bars={bars}
            ticks={ticks}
            labels={barLabels(commission.starts, commission.unit)}
            tickLabel={tickText}
          />
        ) : null
      }
      table={
        chart.total > 0 ? (
          <table className="table chart__table">
            <caption>
              {heading} ({commission.unit}s without commission left out)
            </caption>
            <thead>
              <tr>
                <th scope="col">From</th>
                <th scope="col" className="num">
                  Commission
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((b) => (
                <tr key={b.start}>
                  <th scope="row">{bucketName(commission.unit, b.start)}</th>
                  <td className="num">{money(b.cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null
      }
    />
  )
}

/*
 * The charts' geometry, shared by the page's SVG (report-charts.tsx) and the PDF
 * (reports/pdf.server.ts): each bar's slot (the SVG's view box is one unit a slot, stretched to
 * any screen while its text keeps its size), x and width as fractions of the plot's width (the
 * labels' percentages; the PDF multiplies by its width), and y in points from the plot's top.
 * Pure: no DOM, no pdfkit.
 */

/**
 * The status colours: the badge's orange for Ordered, then distinct hues, each at least 3:1
 * against the light surface (#ffffff) and the dark one (#16243b), so a bar is seen on either
 * (geometry.test.ts checks it). Statuses without a colour of their own get OTHER_COLOR.
 */
export const STATUS_COLORS: Readonly<Record<string, string>> = {
  ordered: '#c26a00',
  reviewed: '#3d7fd9',
  delivered: '#1f8a5c',
  refunded: '#9b59d0',
  review_deleted: '#d1457f',
  cancelled: '#e0483a',
  onhold: '#7d8799',
  commission: '#8a8a00',
  pending: '#1c93b5',
}
export const OTHER_COLOR = '#7d8799'
/** The commission chart's one series. */
export const COMMISSION_COLOR = '#2a8c84'

export const colorOf = (status: string) => STATUS_COLORS[status] ?? OTHER_COLOR

/** A plot's height and the room above its bars (the top tick) and below them (the day labels). */
export const PLOT = { height: 160, top: 8, bottom: 24 } as const
/** The gutter left of the plot for the ticks' numbers (px in the page, points in the PDF). */
export const AXIS_WIDTH = 44

/** A bar's segment: `slot` is its bar's place (0 the first); x and width as fractions. */
export type Bar = {
  slot: number
  x: number
  width: number
  y: number
  height: number
  color: string
}
export type Tick = { value: number; y: number }
export type Label = { x: number; text: string; anchor: 'start' | 'middle' | 'end' }

/** A scale from 0 to a round top of about `steps` ticks (steps of 1, 2 or 5 times 10^n). */
export function niceScale(max: number, steps = 4) {
  if (!(max > 0)) return { top: 1, ticks: [0, 1] }
  const raw = max / steps
  const magnitude = Math.max(1, 10 ** Math.floor(Math.log10(raw)))
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw)!
  const top = step * Math.ceil(max / step)
  const ticks: number[] = []
  for (let v = 0; v <= top; v += step) ticks.push(v)
  return { top, ticks }
}

/** The share of its slot a bar covers (the rest is the gap between bars). */
export const BAR_SHARE = 0.72

const round = (n: number) => Math.round(n * 10_000) / 10_000

/**
 * Stacked bars: `values[i][j]` is bar i's segment j (drawn bottom up, in `colors[j]`), in a plot
 * of `height`. A segment of 3 points or more leaves a 1-point gap above it, so neighbours of close
 * colours stay apart; an empty segment draws nothing.
 */
export function stackedBars(values: number[][], colors: string[], height: number = PLOT.height) {
  const bottom = height - PLOT.bottom
  const room = bottom - PLOT.top
  const scale = niceScale(Math.max(0, ...values.map((v) => v.reduce((a, b) => a + b, 0))))
  const slot = values.length ? 1 / values.length : 1
  const width = slot * BAR_SHARE
  const bars: Bar[] = []
  values.forEach((segments, i) => {
    const x = round(i * slot + (slot - width) / 2)
    let y = bottom
    segments.forEach((v, j) => {
      if (v <= 0) return
      const h = (v / scale.top) * room
      y -= h
      const gap = h >= 3 && segments.slice(j + 1).some((n) => n > 0) ? 1 : 0
      bars.push({
        slot: i,
        x,
        width: round(width),
        y: round(y + gap),
        height: round(h - gap),
        color: colors[j] ?? OTHER_COLOR,
      })
    })
  })
  const ticks: Tick[] = scale.ticks.map((value) => ({
    value,
    y: round(bottom - (value / scale.top) * room),
  }))
  return { bars, ticks, baseline: bottom, slots: values.length }
}

/** Bars grouped by colour, in the order each colour first comes (the SVG writes a colour once). */
export function byColor(bars: Bar[]): Array<[string, Bar[]]> {
  const groups = new Map<string, Bar[]>()
  for (const b of bars) {
    const group = groups.get(b.color)
    if (group) group.push(b)
    else groups.set(b.color, [b])
  }
  return [...groups]
}

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')

/** A bucket's start as a short label: "Nov 27" for a day or week, "Nov 2026" for a month. */
export function shortLabel(start: string, unit: 'day' | 'week' | 'month') {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number]
  return unit === 'month' ? `${MONTHS[m - 1]} ${y}` : `${MONTHS[m - 1]} ${d}`
}

/**
 * The labels under the bars: at most `most` (5 fit a phone's width), every `step` bars from the
 * first, and the last bar's; the first starts at the plot's left edge and the last ends at its
 * right one, so a label before the last that is less than a step away is left out.
 */
export function barLabels(starts: string[], unit: 'day' | 'week' | 'month', most = 5): Label[] {
  const n = starts.length
  if (n === 0) return []
  if (n === 1) return [{ x: 0.5, text: shortLabel(starts[0]!, unit), anchor: 'middle' }]
  const step = Math.max(1, Math.ceil((n - 1) / (most - 1)))
  const picked: number[] = []
  for (let i = 0; i < n - 1; i += step) picked.push(i)
  if (picked.length > 1 && n - 1 - picked.at(-1)! < step) picked.pop()
  picked.push(n - 1)
  return picked.map((i) => {
    const text = shortLabel(starts[i]!, unit)
    if (i === 0) return { x: 0, text, anchor: 'start' as const }
    if (i === n - 1) return { x: 1, text, anchor: 'end' as const }
    return { x: round((i + 0.5) / n), text, anchor: 'middle' as const }
  })
}

/** A tick's number: "1.2k" past 10,000, whole numbers otherwise. */
export function tickText(value: number) {
  if (value >= 10_000) return `${Math.round(value / 100) / 10}k`
  return value.toLocaleString('en-US')
}

/**
 * BENCH_ONLY=views (issue 29, goal 1): every list view of every role at concurrency 1, one request
 * after another, BENCH_SAMPLES each (default 200): p50 and p99 latency over HTTP, each view marked
 * when its p99 is over the goal (25 ms). The views: page 1, a deep page (100) and the last, every
 * sortable column, the filters, searches by order number, customer email and product id (whole
 * and part), keyword search (a common word and a rare one), hostile terms (Urdu, Chinese, emoji,
 * `%`, `_`, a long one), the report page with its default and widest filters, and the first view
 * after a write (a reservation, a status change).
 */

import { spawn } from 'node:child_process'
import { get, type Target } from './open-loop'

export type View = Target & { name: string }

export const VIEW_GOAL_P99_MS = 25

/** Terms a user may type that no index was made for: each must answer within the goal. */
export const HOSTILE_TERMS = ['آرڈر', '订单号', '🙂🙂🙂', '%', '_', '%_%', 'x'.repeat(200)]

/**
 * p50 and p99 (ms) of `samples` GETs of `target`, one at a time, after 10 to warm up, sent by the
 * open loop's client.
 */
export async function sampleView(
  base: URL,
  target: Target,
  samples: number,
  before?: () => Promise<void>,
) {
  for (let i = 0; i < 10; i++) await get(base, target)
  const times: number[] = []
  let status: number | string = 0
  for (let i = 0; i < samples; i++) {
    if (before) await before()
    const started = performance.now()
    status = await get(base, target)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!
  return { p50: at(0.5), p99: at(0.99), status }
}

/**
 * The host's and the client's own share of a latency: the same sampling against a server in a
 * process of its own that answers two bytes and does nothing else.
 */
export async function hostFloor(samples: number) {
  const server = spawn(
    process.execPath,
    [
      '-e',
      "require('node:http').createServer((q, s) => s.end('ok')).listen(0, '127.0.0.1', function () { console.log(this.address().port) })",
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  try {
    // A floor server that exits before it listens ends the bench with that, not a wait forever.
    const port = await new Promise<string>((resolve, reject) => {
      server.stdout.once('data', (data: Buffer) => resolve(data.toString().trim()))
      server.once('exit', (code) => reject(new Error(`the floor server exited (${code})`)))
    })
    return await sampleView(new URL(`http://127.0.0.1:${port}`), { path: '/', cookie: '' }, samples)
  } finally {
    server.kill()
  }
}

/** Measures each view and prints one row per view, the worst first; returns the views over. */
export async function measureViews(
  base: string,
  views: View[],
  samples: number,
  writes: Array<View & { before: () => Promise<void> }> = [],
) {
  const floor = await hostFloor(samples)
  const origin = new URL(base)
  const rows: Array<{ name: string; p50: number; p99: number; status: number | string }> = []
  const all: Array<View & { before?: () => Promise<void> }> = [...views, ...writes]
  for (const view of all) {
    const measured = await sampleView(origin, view, samples, view.before)
    rows.push({ name: view.name, ...measured })
  }
  rows.sort((a, b) => b.p99 - a.p99)
  console.log(
    `\nList views at concurrency 1, ${samples} samples each (goal: p99 ≤ ${VIEW_GOAL_P99_MS} ms)`,
  )
  console.log(
    `Host and client floor (a server that does no work): p50 ${floor.p50.toFixed(1)} ms, p99 ${floor.p99.toFixed(1)} ms`,
  )
  console.log('| view | status | p50 ms | p99 ms | |')
  console.log('| --- | ---: | ---: | ---: | --- |')
  for (const r of rows) {
    const over = r.p99 > VIEW_GOAL_P99_MS ? 'OVER' : ''
    console.log(`| ${r.name} | ${r.status} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${over} |`)
  }
  const over = rows.filter((r) => r.p99 > VIEW_GOAL_P99_MS)
  console.log(
    over.length
      ? `${over.length} of ${rows.length} views over the goal.`
      : `Every one of ${rows.length} views within the goal.`,
  )
  return over
}

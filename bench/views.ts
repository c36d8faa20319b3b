/**
 * BENCH_ONLY=views (issue 29, goal 1): every list view of every role at concurrency 1, one request
 * after another, the views in turns, BENCH_SAMPLES each (default 200): p50 and p99 latency over
 * HTTP, each view marked when its p99 is over the goal (25 ms), and what it asks of SQLite
 * (`queryPlans`). The views: page 1, a deep page (100) and the last, every
 * sortable column, the filters, searches by order number, customer email and product id (whole
 * and part), keyword search (a common word and a rare one), hostile terms (Urdu, Chinese, emoji,
 * `%`, `_`, a long one), the report page with its default and widest filters, and the first view
 * after a write (a reservation, a status change).
 */

import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { get, type Target } from './open-loop'

export type View = Target & { name: string }

export const VIEW_GOAL_P99_MS = 25

/** Terms a user may type that no index was made for: each must answer within the goal. */
export const HOSTILE_TERMS = ['آرڈر', '订单号', '🙂🙂🙂', '%', '_', '%_%', 'x'.repeat(200)]

type Sampled = { base: URL; target: Target; before?: () => Promise<void> }

/**
 * p50 and p99 (ms) of `samples` GETs of each target, one request at a time, sent by the open
 * loop's client, after 10 each to warm up. In turns: each round asks every target once, so a
 * moment the host stalls (another guest on the machine, the client's own garbage collection)
 * costs each view at most one of its samples. Measured a view after another, a stall of a second
 * or two fell on the 200 samples of whichever view was being measured then, and the views over
 * the goal changed from run to run.
 */
export async function sampleInTurns(sampled: Sampled[], samples: number) {
  for (const { base, target } of sampled) for (let i = 0; i < 10; i++) await get(base, target)
  const times = sampled.map((): number[] => [])
  const statuses = sampled.map((): number | string => 0)
  for (let round = 0; round < samples; round++) {
    for (const [i, { base, target, before }] of sampled.entries()) {
      if (before) await before()
      const started = performance.now()
      statuses[i] = await get(base, target)
      times[i]!.push(performance.now() - started)
    }
  }
  return times.map((t, i) => {
    t.sort((a, b) => a - b)
    const at = (q: number) => t[Math.min(t.length - 1, Math.floor(q * t.length))]!
    return { p50: at(0.5), p99: at(0.99), status: statuses[i]! }
  })
}

/**
 * The host's and the client's own share of a latency: a server in a process of its own that
 * answers two bytes and does nothing else, sampled in turns with the views (`measure` gets its URL).
 */
async function withHostFloor<T>(measure: (floor: URL) => Promise<T>) {
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
    return await measure(new URL(`http://127.0.0.1:${port}`))
  } finally {
    server.kill()
  }
}

/**
 * Measures each view and prints one row per view, the worst first; returns the views over. The
 * views that read are sampled in turns with the host's floor; those after a write (`before`
 * writes before each sample) in turns of their own after them, so a write's fresh counts fall on
 * its own view, not the next one.
 */
export async function measureViews(
  base: string,
  views: View[],
  samples: number,
  writes: Array<View & { before: () => Promise<void> }> = [],
  plans?: Map<string, string>,
) {
  const origin = new URL(base)
  const { floor, read } = await withHostFloor(async (floorUrl) => {
    const [floor, ...read] = await sampleInTurns(
      [
        { base: floorUrl, target: { path: '/', cookie: '' } },
        ...views.map((target) => ({ base: origin, target })),
      ],
      samples,
    )
    return { floor: floor!, read }
  })
  const written = writes.length
    ? await sampleInTurns(
        writes.map((target) => ({ base: origin, target, before: target.before })),
        samples,
      )
    : []
  const rows = [...views, ...writes].map((view, i) => ({
    name: view.name,
    ...(i < views.length ? read[i]! : written[i - views.length]!),
  }))
  rows.sort((a, b) => b.p99 - a.p99)
  console.log(
    `\nList views at concurrency 1, ${samples} samples each, one of each view in turn (goal: p99 ≤ ${VIEW_GOAL_P99_MS} ms)`,
  )
  console.log(
    `Host and client floor (a server that does no work): p50 ${floor.p50.toFixed(1)} ms, p99 ${floor.p99.toFixed(1)} ms`,
  )
  const plan = (name: string) => (plans ? ` ${plans.get(name) ?? ''} |` : '')
  console.log(
    `| view | status | p50 ms | p99 ms | |${plans ? ' SQLite (EXPLAIN QUERY PLAN) |' : ''}`,
  )
  console.log(`| --- | ---: | ---: | ---: | --- |${plans ? ' --- |' : ''}`)
  for (const r of rows) {
    const over = r.p99 > VIEW_GOAL_P99_MS ? 'OVER' : ''
    console.log(
      `| ${r.name} | ${r.status} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${over} |${plan(r.name)}`,
    )
  }
  const over = rows.filter((r) => r.p99 > VIEW_GOAL_P99_MS)
  console.log(
    over.length
      ? `${over.length} of ${rows.length} views over the goal.`
      : `Every one of ${rows.length} views within the goal.`,
  )
  return over
}

/**
 * What each view asks of SQLite, from EXPLAIN QUERY PLAN: every statement one request of it runs
 * (bench/sql-recorder.mjs writes them to `log` in a server of its own at `base`, one process),
 * each one's plan (`explain`), and of all their steps those that walk a table or an index from
 * one end (SCAN; with a LIMIT such a walk stops early, as a page of a list in an index's order
 * does) or sort what they found (a temporary B-tree). The number of rows a step reads is not
 * shown: the SQLite that better-sqlite3 builds has no scan counters (no STMT_SCANSTATUS, no
 * sqlite_stmt table, no progress callback). `before` runs before each view (writes, so the counts a view keeps are computed anew
 * and their statements are in its plan too). Keyed by the view's name: "n statements; steps".
 */
export async function queryPlans(
  base: URL,
  views: View[],
  log: string,
  explain: (sql: string, args: unknown[]) => Array<{ detail: string }>,
  before: () => Promise<void>,
) {
  const plans = new Map<string, string>()
  for (const view of views) {
    await before()
    const from = fs.statSync(log).size
    await get(base, view)
    const ran = fs
      .readFileSync(log)
      .subarray(from)
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { sql: string; args: unknown[] })
    const steps = new Set<string>()
    for (const { sql, args } of ran) {
      if (!/^\s*(select|with)\b/i.test(sql)) continue
      for (const { detail } of explain(sql, args)) {
        // A walk of a JSON argument, the schema or a pragma is not a walk of the data.
        if (/^SCAN (CONSTANT ROW|json_each|json_tree|pragma_\w+|sqlite_master)\b/.test(detail))
          continue
        if (/^SCAN (?!\(subquery)/.test(detail) || /^USE TEMP B-TREE/.test(detail))
          steps.add(detail.replace(/ VIRTUAL TABLE INDEX \S+/, ' (a full-text match)'))
      }
    }
    plans.set(
      view.name,
      `${ran.length} statements${steps.size ? `; ${[...steps].join('; ')}` : '; only index searches'}`,
    )
  }
  return plans
}

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
import { constants } from 'node:perf_hooks'
import { get, quantile, type Target } from './open-loop'

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
  const times = sampled.map((): Sample[] => [])
  const statuses = sampled.map((): number | string => 0)
  for (let round = 0; round < samples; round++) {
    for (const [i, { base, target, before }] of sampled.entries()) {
      if (before) await before()
      const started = performance.now()
      statuses[i] = await get(base, target)
      times[i]!.push({ at: performance.timeOrigin + started, ms: performance.now() - started })
    }
  }
  return times.map((t, i) => {
    const sorted = t.map((sample) => sample.ms).sort((a, b) => a - b)
    return {
      p50: quantile(sorted, 0.5),
      p99: quantile(sorted, 0.99),
      status: statuses[i]!,
      samples: t,
    }
  })
}

/** One sample: when it was sent (ms since the epoch) and how long its answer took. */
type Sample = { at: number; ms: number }

/** A line of bench/tail-recorder.mjs: a garbage collector's pause or a slow SQLite call. */
type Pause = { at: number; ms: number; gc?: number; sql?: string; write?: boolean }

/** A line of bench/tail-recorder.mjs for a request: its thread's time on a CPU and in the queue. */
type Served = { at: number; ms: number; request: true; cpu: number; queued: number }

// Node's kinds of garbage collection.
const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'young-generation collection',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'old-generation collection',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking step',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
}
const SHARES = ['garbage collection', 'SQLite writes and commits', 'SQLite reads'] as const

/** What a pause counts as: its share's index (the first of SHARES wins where two overlap). */
const shareOf = (pause: Pause) => (pause.gc !== undefined ? 0 : pause.write ? 1 : 2)

/** The index of the first of `lines` (sorted by start) that starts at `at` or later. */
function firstFrom(lines: Array<{ at: number }>, at: number) {
  let lo = 0
  let hi = lines.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (lines[mid]!.at < at) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * Of the time a sample took, the milliseconds the server spent in each share (SHARES): the union of
 * the pauses of that kind that overlap it, a moment counted once, in the first share that covers
 * it. `pauses` are sorted by start; the longest pause is `longest` ms.
 */
function sharesOf(sample: Sample, pauses: Pause[], longest: number) {
  const end = sample.at + sample.ms
  const lo = firstFrom(pauses, sample.at - longest)
  const overlapping: Array<{ from: number; to: number; share: number }> = []
  for (let i = lo; i < pauses.length && pauses[i]!.at < end; i++) {
    const p = pauses[i]!
    const from = Math.max(p.at, sample.at)
    const to = Math.min(p.at + p.ms, end)
    if (to > from) overlapping.push({ from, to, share: shareOf(p) })
  }
  const spent = SHARES.map(() => 0)
  const cuts = [...new Set(overlapping.flatMap((o) => [o.from, o.to]))].sort((a, b) => a - b)
  for (let i = 0; i + 1 < cuts.length; i++) {
    const [from, to] = [cuts[i]!, cuts[i + 1]!]
    const covering = overlapping.filter((o) => o.from <= from && o.to >= to)
    if (covering.length) spent[Math.min(...covering.map((o) => o.share))]! += to - from
  }
  return spent
}

/** The request the server answered for `sample`: the first that it started during the sample. */
function servedFor(sample: Sample, served: Served[]) {
  const found = served[firstFrom(served, sample.at)]
  return found && found.at < sample.at + sample.ms ? found : undefined
}

/**
 * What the slow samples were spent on, and the median ones for comparison, from
 * bench/tail-recorder.mjs's lines. The slow ones: each view's samples at or above its p99 (the
 * tail goal 1 measures). Their time is split into the server's answer (its thread on a CPU,
 * ready but waiting for a CPU, and neither: blocked, on the disk or a page of memory) and the time
 * outside it (the client, the network stack, the accept); and what overlapped it of the garbage
 * collector's pauses, SQLite writes and commits (a WAL checkpoint is paid in a commit) and SQLite
 * reads of a millisecond or more. Also each view's p99 with the collector's pauses in its samples
 * taken out, and the pauses seen.
 */
export function tailAnatomy(
  views: Array<{ name: string; p50: number; p99: number; samples: Sample[] }>,
  lines: Array<Pause | Served>,
) {
  const served = lines.filter((l): l is Served => 'request' in l).sort((a, b) => a.at - b.at)
  const pauses = lines.filter((l): l is Pause => !('request' in l)).sort((a, b) => a.at - b.at)
  const longest = Math.max(0, ...pauses.map((p) => p.ms))
  const PARTS = ['on a CPU', 'waiting for a CPU', 'blocked', 'outside the server', ...SHARES]
  const empty = () => ({ count: 0, ms: 0, parts: PARTS.map(() => 0) })
  const groups = { tail: empty(), median: empty() }
  const withoutGc = new Map<string, number>()
  for (const view of views) {
    const less: number[] = []
    for (const sample of view.samples) {
      const spent = sharesOf(sample, pauses, longest)
      less.push(sample.ms - spent[0]!)
      const group =
        sample.ms >= view.p99
          ? groups.tail
          : Math.abs(sample.ms - view.p50) <= 0.5
            ? groups.median
            : undefined
      const answer = servedFor(sample, served)
      if (!group || !answer) continue
      group.count += 1
      group.ms += sample.ms
      const blocked = Math.max(0, answer.ms - answer.cpu - answer.queued)
      ;[answer.cpu, answer.queued, blocked, sample.ms - answer.ms, ...spent].forEach(
        (ms, i) => (group.parts[i]! += ms),
      )
    }
    less.sort((a, b) => a - b)
    withoutGc.set(view.name, quantile(less, 0.99))
  }
  const describe = (label: string, g: ReturnType<typeof empty>) => {
    const pct = (ms: number) => `${((100 * ms) / g.ms).toFixed(0)} %`
    const each = (ms: number) => `${(ms / g.count).toFixed(1)} ms`
    const [cpu, queued, blocked, outside, ...shares] = g.parts
    return (
      `${label}: ${g.count} samples, ${each(g.ms)} each: the server's answer ${each(g.ms - outside!)} ` +
      `(its thread on a CPU ${each(cpu!)}, waiting for a CPU ${each(queued!)}, blocked ${each(blocked!)}), ` +
      `outside the server ${each(outside!)}; overlapping it: ` +
      `${SHARES.map((name, i) => `${name} ${pct(shares[i]!)}`).join(', ')}.`
    )
  }
  const gc = new Map<string, number[]>()
  for (const p of pauses) {
    if (p.gc === undefined) continue
    const kind = GC_KINDS[p.gc] ?? `kind ${p.gc}`
    gc.set(kind, [...(gc.get(kind) ?? []), p.ms])
  }
  const out = [
    describe("The tail (each view's samples at or above its p99)", groups.tail),
    describe("For comparison, the samples within 0.5 ms of their view's p50", groups.median),
    ...[...gc].map(([kind, ms]) => {
      ms.sort((a, b) => a - b)
      return `Garbage collector, ${kind}: ${ms.length} pauses, median ${ms[ms.length >> 1]!.toFixed(1)} ms, longest ${ms[ms.length - 1]!.toFixed(1)} ms.`
    }),
  ]
  return { lines: out, withoutGc }
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
 * views that read are sampled in turns with the host's floor, and with the same views of the
 * Remix floor when `remixFloor` is its address (bench/remix-floor.tsx: the same pages, their
 * loaders answering from memory, what the framework and the host cost without the app's work);
 * those after a write (`before` writes before each sample) in turns of their own after them, so a
 * write's fresh counts fall on its own view, not the next one.
 */
export async function measureViews(
  base: string,
  views: View[],
  samples: number,
  writes: Array<View & { before: () => Promise<void> }> = [],
  plans?: Map<string, string>,
  tailLog?: string,
  remixFloor?: string,
) {
  const origin = new URL(base)
  const framework = remixFloor ? views.map((target) => ({ base: new URL(remixFloor), target })) : []
  const { floor, read, bare } = await withHostFloor(async (floorUrl) => {
    const [floor, ...measured] = await sampleInTurns(
      [
        { base: floorUrl, target: { path: '/', cookie: '' } },
        ...views.map((target) => ({ base: origin, target })),
        ...framework,
      ],
      samples,
    )
    return {
      floor: floor!,
      read: measured.slice(0, views.length),
      bare: new Map(views.map((view, i) => [view.name, measured[views.length + i]])),
    }
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
  // The recorder writes its lines a few times a second: wait for the last ones.
  if (tailLog) await new Promise((resolve) => setTimeout(resolve, 500))
  const anatomy = tailLog
    ? tailAnatomy(
        rows,
        fs
          .readFileSync(tailLog, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Pause | Served),
      )
    : undefined
  console.log(
    `\nList views at concurrency 1, ${samples} samples each, one of each view in turn (goal: p99 ≤ ${VIEW_GOAL_P99_MS} ms)`,
  )
  console.log(
    `Host and client floor (a server that does no work): p50 ${floor.p50.toFixed(1)} ms, p99 ${floor.p99.toFixed(1)} ms`,
  )
  const plan = (name: string) => (plans ? ` ${plans.get(name) ?? ''} |` : '')
  const lessGc = (name: string) => (anatomy ? ` ${anatomy.withoutGc.get(name)!.toFixed(1)} |` : '')
  const ms = (x: number | undefined) => (x === undefined ? '' : x.toFixed(1))
  const framed = (name: string) =>
    remixFloor ? ` ${ms(bare.get(name)?.p50)} | ${ms(bare.get(name)?.p99)} |` : ''
  console.log(
    `| view | status | p50 ms | p99 ms |${anatomy ? ' p99 less GC ms |' : ''}${remixFloor ? ' Remix floor p50 | Remix floor p99 |' : ''} |${plans ? ' SQLite (EXPLAIN QUERY PLAN) |' : ''}`,
  )
  console.log(
    `| --- | ---: | ---: | ---: |${anatomy ? ' ---: |' : ''}${remixFloor ? ' ---: | ---: |' : ''} --- |${plans ? ' --- |' : ''}`,
  )
  for (const r of rows) {
    const over = r.p99 > VIEW_GOAL_P99_MS ? 'OVER' : ''
    console.log(
      `| ${r.name} | ${r.status} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} |${lessGc(r.name)}${framed(r.name)} ${over} |${plan(r.name)}`,
    )
  }
  for (const line of anatomy?.lines ?? []) console.log(line)
  const over = rows.filter((r) => r.p99 > VIEW_GOAL_P99_MS)
  console.log(
    over.length
      ? `${over.length} of ${rows.length} views over the goal.`
      : `Every one of ${rows.length} views within the goal.`,
  )
  if (remixFloor) {
    const median = (xs: number[]) =>
      quantile(
        [...xs].sort((a, b) => a - b),
        0.5,
      )
    const measured = [...bare.values()].filter((x) => x !== undefined)
    const floorOver = measured.filter((x) => x.p99 > VIEW_GOAL_P99_MS).length
    const appRead = rows.filter((r) => bare.has(r.name))
    console.log(
      `The Remix floor (the same ${measured.length} pages, their loaders answering from memory, in the same turns): ` +
        `p50 median ${median(measured.map((x) => x.p50)).toFixed(1)} ms, p99 median ${median(measured.map((x) => x.p99)).toFixed(1)} ms, ${floorOver} over the goal; ` +
        `the app's same views: p50 median ${median(appRead.map((r) => r.p50)).toFixed(1)} ms, p99 median ${median(appRead.map((r) => r.p99)).toFixed(1)} ms.`,
    )
  }
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

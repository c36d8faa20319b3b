/**
 * BENCH_ONLY=open-loop (issue 29, goals 2 and 4): requests sent on a schedule whatever the answers
 * (an open loop: a slow answer does not slow the next request down, as real users do not wait for
 * each other), each one's latency counted from the moment it was due, not from when it left. A
 * closed loop (autocannon's connections) waits, and hides a server's queue.
 */
import http from 'node:http'
import fs from 'node:fs'

export type Target = { path: string; cookie: string }

/*
 * Idle sockets are closed after 4 s, before the server's 5 s keep-alive timeout: otherwise a
 * request now and then went out on a socket the server was closing at that moment (ECONNRESET,
 * 20 of 60,000 in a soak), which a browser retries by itself and a user never sees.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, timeout: 4000 })

/**
 * One GET, its body read to the end; resolves with the status, or the error's code when it failed.
 * The bench's one measuring client: fetch (undici) added a tail of its own (docs/performance.md,
 * "The measuring client").
 */
export function get(
  base: URL,
  target: Target,
  connection: http.Agent | false = agent,
): Promise<number | string> {
  return new Promise((resolve) => {
    const request = http.get(
      {
        host: base.hostname,
        port: base.port,
        path: target.path,
        agent: connection,
        headers: { cookie: target.cookie, 'accept-encoding': 'gzip, deflate, br' },
      },
      (response) => {
        response.on('data', () => {})
        response.on('end', () => resolve(response.statusCode ?? 0))
        response.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'))
      },
    )
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'))
  })
}

/**
 * Every target asked `times` times per worker, one at a time, each on a connection of its own.
 * The primary hands connections to the workers in turn, so each worker answers each target
 * `times` times (a server in use has); over kept-alive sockets one worker took them all, and the
 * first rate's first seconds measured the other's first answers (170 ms p99 at 10 a second).
 */
export async function warm(base: string, mix: Target[], workers: number, times: number) {
  const url = new URL(base)
  for (const target of mix) for (let i = 0; i < workers * times; i++) await get(url, target, false)
}

/** The value at `q` (0.5, 0.99) of numbers sorted from the smallest; NaN for none. */
export const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN

/**
 * `rate` requests a second for `seconds`, the targets taken in turn from the mix; answers the
 * latencies' p50/p99 (ms, from each request's due time), how many answered other than 200, and
 * how many were still unanswered when the run ended (counted as lost).
 */
export async function openLoop(base: string, mix: Target[], rate: number, seconds: number) {
  const url = new URL(base)
  const total = Math.round(rate * seconds)
  const interval = 1000 / rate
  /** Each answer: its latency, its path, and when it was due (s from the start). */
  const answers: Array<{ ms: number; path: string; at: number }> = []
  let failed = 0
  const statuses = new Map<number | string, number>()
  const pending: Array<Promise<void>> = []
  const started = performance.now()
  for (let i = 0; i < total; i++) {
    const due = started + i * interval
    const wait = due - performance.now()
    if (wait > 1) await new Promise((r) => setTimeout(r, wait))
    const target = mix[i % mix.length]!
    pending.push(
      get(url, target).then((status) => {
        answers.push({ ms: performance.now() - due, path: target.path, at: (due - started) / 1000 })
        if (status !== 200) {
          failed += 1
          statuses.set(status, (statuses.get(status) ?? 0) + 1)
        }
      }),
    )
  }
  // Answers still due after the schedule: waited for up to 30 s.
  await Promise.race([Promise.all(pending), new Promise((r) => setTimeout(r, 30_000))])
  const lost = total - answers.length
  answers.sort((a, b) => a.ms - b.ms)
  const latencies = answers.map((a) => a.ms)
  // Which answers were not 200 (a failed request by its error's code), e.g. "429 x3, ECONNRESET x1".
  const other = [...statuses].map(([status, n]) => `${status} x${n}`).join(', ')
  return {
    rate,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    failed,
    other,
    lost,
    slowest: answers.slice(-3).reverse(),
  }
}

/** The first rate of a sweep whose p99 is over `ms` (its rows in order of rate), if any. */
export function crossing(rows: Array<{ rate: number; p99: number; lost: number }>, ms: number) {
  return rows.find((r) => r.p99 > ms || r.lost > 0)?.rate
}

/**
 * A process's resident memory (MB): all of it (RSS), and its parts: anonymous (heaps, stacks),
 * file-backed (the binary's and libraries' pages, shared) and shared memory (SQLite's WAL
 * index); undefined once the process is gone.
 */
export function processMemoryMb(pid: number) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = (name: string) => Number(status.match(new RegExp(`${name}:\\s+(\\d+)`))?.[1] ?? 0)
    return {
      rss: kb('VmRSS') / 1024,
      anon: kb('RssAnon') / 1024,
      file: kb('RssFile') / 1024,
      shmem: kb('RssShmem') / 1024,
    }
  } catch {
    return undefined
  }
}

/** RSS (MB) of one process, or undefined once it is gone. */
export const processRssMb = (pid: number) => processMemoryMb(pid)?.rss

/**
 * Samples each process's RSS once a second until stopped; answers min/median/max per process,
 * and the median of each minute.
 */
export function sampleRss(pids: number[]) {
  const samples = new Map<number, number[]>(pids.map((pid) => [pid, []]))
  const parts = new Map<number, Array<{ anon: number; file: number; shmem: number }>>(
    pids.map((pid) => [pid, []]),
  )
  const timer = setInterval(() => {
    for (const pid of pids) {
      const mb = processMemoryMb(pid)
      if (mb === undefined) continue
      samples.get(pid)!.push(mb.rss)
      parts.get(pid)!.push(mb)
    }
  }, 1000)
  return () => {
    clearInterval(timer)
    return pids.map((pid) => {
      const all = samples.get(pid)!
      const sorted = [...all].sort((a, b) => a - b)
      // Flat: the median of the last tenth of the run against the median of the second tenth
      // (the first is the warm-up).
      const tenth = Math.max(1, Math.floor(all.length / 10))
      const median = (xs: number[]) =>
        quantile(
          [...xs].sort((a, b) => a - b),
          0.5,
        )
      return {
        pid,
        samples: all.length,
        min: sorted[0] ?? NaN,
        median: quantile(sorted, 0.5),
        max: sorted.at(-1) ?? NaN,
        early: median(all.slice(tenth, 2 * tenth)),
        late: median(all.slice(-tenth)),
        minutes: Array.from({ length: Math.ceil(all.length / 60) }, (_, i) =>
          median(all.slice(i * 60, (i + 1) * 60)),
        ),
        // The parts' medians: which of them makes one process heavier than another.
        anon: median(parts.get(pid)!.map((p) => p.anon)),
        file: median(parts.get(pid)!.map((p) => p.file)),
        shmem: median(parts.get(pid)!.map((p) => p.shmem)),
      }
    })
  }
}

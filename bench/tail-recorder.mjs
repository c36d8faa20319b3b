/**
 * Loaded into the server BENCH_ONLY=views measures (`node --import`, its workers inherit it): appends
 * to BENCH_TAIL_LOG, as lines of JSON with their wall-clock start (ms since the epoch), each request
 * (how long the server took to answer it, and of that how long its thread was on a CPU and how long
 * it was ready to run but waiting for one, from /proc/thread-self/schedstat), each pause of the
 * garbage collector and each SQLite call that took 1 ms or more (a statement, or a whole
 * transaction, where a commit's WAL checkpoint would be paid), so the bench can say what the slow
 * samples of each view were spent on (`tailAnatomy` in bench/views.ts). The cost it adds to a
 * request is two reads of a /proc file, two clock reads per SQLite call and a line of JSON.
 */
import fs from 'node:fs'
import http from 'node:http'
import { PerformanceObserver, performance } from 'node:perf_hooks'
import { Database, Statement } from './sqlite-prototypes.mjs'

const log = process.env.BENCH_TAIL_LOG
const SLOW_MS = 1
const lines = []
const write = (entry) => {
  lines.push(JSON.stringify(entry))
  if (lines.length >= 64) flush()
}
const flush = () => {
  if (!log || !lines.length) return
  fs.appendFileSync(log, `${lines.join('\n')}\n`)
  lines.length = 0
}
// Written in batches after the answer, a few times a second, not on the request's path.
setInterval(flush, 250).unref()
process.on('exit', flush)

const epoch = (t) => performance.timeOrigin + t
new PerformanceObserver((list) => {
  for (const e of list.getEntries())
    write({ pid: process.pid, at: epoch(e.startTime), ms: e.duration, gc: e.detail?.kind ?? 0 })
}).observe({ entryTypes: ['gc'] })

const timed = (fn, describe) =>
  function (...args) {
    const start = performance.now()
    try {
      return fn.apply(this, args)
    } finally {
      const ms = performance.now() - start
      if (ms >= SLOW_MS) write({ pid: process.pid, at: epoch(start), ms, ...describe(this) })
    }
  }
for (const method of ['all', 'get', 'run'])
  Statement[method] = timed(Statement[method], (statement) => ({
    sql: statement.source.slice(0, 60),
    write: !statement.reader,
  }))
const transaction = Database.prototype.transaction
Database.prototype.transaction = function (fn) {
  const wrapped = transaction.call(this, fn)
  const run = timed(wrapped, () => ({ sql: 'a transaction (with its commit)', write: true }))
  for (const mode of ['default', 'deferred', 'immediate', 'exclusive'])
    run[mode] = timed(wrapped[mode], () => ({ sql: `a ${mode} transaction`, write: true }))
  return run
}

// The thread's time on a CPU and waiting in the run queue, in ms (Linux's schedstat, in ns).
const schedstat = () => {
  const [running, waiting] = fs.readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')
  return [Number(running) / 1e6, Number(waiting) / 1e6]
}
const emit = http.Server.prototype.emit
http.Server.prototype.emit = function (event, request, response) {
  if (event === 'request') {
    const start = performance.now()
    const [running, waiting] = schedstat()
    response.once('finish', () => {
      const [ran, waited] = schedstat()
      write({
        pid: process.pid,
        at: epoch(start),
        ms: performance.now() - start,
        request: true,
        cpu: ran - running,
        queued: waited - waiting,
      })
    })
  }
  return emit.apply(this, arguments)
}

/**
 * Loaded into a server by BENCH_ONLY=views (`node --import`, its workers inherit it): appends each
 * statement the process runs, with its arguments, as a line of JSON to BENCH_SQL_LOG, so the bench
 * can show what each view asks of SQLite (EXPLAIN QUERY PLAN of every statement it ran). Only the
 * bench's own one-process server loads it; the server measured does not.
 */
import fs from 'node:fs'
import { Statement } from './sqlite-prototypes.mjs'

const log = process.env.BENCH_SQL_LOG
const json = (_key, value) => (typeof value === 'bigint' ? Number(value) : value)
for (const method of ['all', 'get', 'run', 'iterate']) {
  const original = Statement[method]
  Statement[method] = function (...args) {
    if (log) fs.appendFileSync(log, `${JSON.stringify({ sql: this.source, args }, json)}\n`)
    return original.apply(this, args)
  }
}

/**
 * `npm run backup -- FILE`: a consistent snapshot of the database into FILE, taken through
 * SQLite's online backup API while the app keeps running (for setups without object storage).
 * Pictures are files: copy DATA_DIR/pictures alongside (names never change what they hold).
 */
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'

const out = process.argv[2]
if (!out) {
  console.error('Usage: npm run backup -- FILE')
  process.exit(1)
}
const source = path.join(path.resolve(process.env.DATA_DIR || './data'), 'app.db')
if (!fs.existsSync(source)) {
  console.error(`No database at ${source}.`)
  process.exit(1)
}
if (fs.existsSync(out)) {
  console.error(`${out} exists already. Choose a new file.`)
  process.exit(1)
}
const started = Date.now()
const sqlite = new Database(source, { readonly: true })
sqlite.pragma('busy_timeout = 5000')
await sqlite.backup(out)
sqlite.close()
const check = new Database(out, { readonly: true })
const integrity = check.pragma('integrity_check', { simple: true })
check.close()
console.log(
  `Backed up ${source} to ${out} (${fs.statSync(out).size} bytes, ${Date.now() - started} ms; integrity check: ${integrity}).`,
)

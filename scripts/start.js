// `npm start`: builds the app when the build is missing or older than the sources, then runs the
// server in production mode in this process (it is the cluster's primary: a process manager that
// kills it kills the server, and nothing is left holding the port). Start-up migrates the database
// and seeds demo data when it is empty.
import { spawnSync } from 'node:child_process'
import cluster from 'node:cluster'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { keepServingWithoutLogs } from '../server/logs.js'
import { refuseOldNode } from '../server/node-version.js'

keepServingWithoutLogs()
refuseOldNode()

const stampFile = path.join('build', '.source-stamp.json')
const DIRS = ['app', 'public', 'db', 'server']
const FILES = ['vite.config.ts', 'vite.server.config.ts', 'server.ts', 'package-lock.json']

function sourceFiles() {
  const files = []
  const walk = (dir) => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else files.push(full)
    }
  }
  for (const dir of DIRS) walk(dir)
  return [...files, ...FILES]
}

/** Names, sizes and change times: a restart with nothing changed reads no file's content. */
function statPrint(files) {
  const hash = crypto.createHash('sha256')
  for (const file of files) {
    const stat = fs.statSync(file)
    hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\n`)
  }
  return hash.digest('hex')
}

/** The sources' content, for when their times changed (a checkout) but maybe not their text. */
function contentHash(files) {
  const hash = crypto.createHash('sha256')
  for (const file of files) hash.update(file).update(fs.readFileSync(file))
  return hash.digest('hex')
}

function readStamp() {
  try {
    return JSON.parse(fs.readFileSync(stampFile, 'utf8'))
  } catch {
    return {}
  }
}

/**
 * The build, quietly: a user starting the app needs to know it builds and how long it took, not
 * the bundler's list of chunks. A failed build prints everything it said, then stops the start.
 */
function build() {
  process.stdout.write('Building the app… ')
  const started = Date.now()
  const run = spawnSync('npm', ['run', '--silent', 'build'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (run.status !== 0) {
    console.log('failed:\n')
    process.stdout.write(run.stdout ?? '')
    process.stderr.write(run.stderr ?? '')
    if (run.error) console.error(run.error)
    process.exit(run.status || 1)
  }
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
}

const files = sourceFiles()
const stamp = readStamp()
const built = fs.existsSync('build/server/index.js') && fs.existsSync('server-build/server.js')
const stats = statPrint(files)
if (!built || stamp.stats !== stats) {
  const content = contentHash(files)
  if (!built || stamp.content !== content) {
    build()
  }
  fs.writeFileSync(stampFile, JSON.stringify({ stats, content }))
}

process.env.NODE_ENV ??= 'production'
// The workers run the server itself, not this check again.
const server = path.resolve('server-build/server.js')
cluster.setupPrimary({ exec: server })
await import(pathToFileURL(server).href)

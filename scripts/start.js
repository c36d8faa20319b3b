// `npm start`: builds the app when the build is missing or older than the sources, then runs the
// server in production mode. Start-up migrates the database and seeds demo data when it is empty.
import { execSync, spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const stampFile = path.join('build', '.source-hash')

function sourceHash() {
  const hash = crypto.createHash('sha256')
  const walk = (dir) => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else hash.update(full).update(fs.readFileSync(full))
    }
  }
  for (const dir of ['app', 'public', 'db', 'server']) walk(dir)
  for (const file of ['vite.config.ts', 'vite.server.config.ts', 'server.ts', 'package-lock.json'])
    hash.update(fs.readFileSync(file))
  return hash.digest('hex')
}

const current = sourceHash()
const built =
  fs.existsSync('build/server/index.js') &&
  fs.existsSync('server-build/server.js') &&
  fs.existsSync(stampFile)
    ? fs.readFileSync(stampFile, 'utf8')
    : ''
if (built !== current) {
  console.log('Building the app…')
  execSync('npm run build', { stdio: 'inherit' })
  fs.writeFileSync(stampFile, current)
}

const child = spawn(process.execPath, ['server-build/server.js'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))

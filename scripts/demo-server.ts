/**
 * The built server on its own port and data directory, with the demo data, for the measuring
 * scripts (weigh, upload-cost). Stopped when the script exits.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'

export async function startDemoServer(port: number, dataDir: string) {
  fs.rmSync(dataDir, { recursive: true, force: true })
  const server = spawn(process.execPath, ['server-build/server.js'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      LOG_REQUESTS: '0',
    },
  })
  process.on('exit', () => server.exitCode === null && server.kill('SIGTERM'))
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode}).`)
    try {
      if ((await fetch(`http://localhost:${port}/login`)).ok) return server
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error('The server did not start within 60 s.')
}

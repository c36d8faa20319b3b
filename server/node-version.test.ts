import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { nodeVersionProblem } from './node-version.js'

describe('the Node.js the server runs on', () => {
  it('refuses Node 20 and 22 before 22.12, with the way to get a newer one', () => {
    for (const version of ['20.20.2', '22.11.0', '18.0.0']) {
      const message = nodeVersionProblem(version)
      expect(message).toContain(
        `Review desk needs Node.js 22.12 or newer (tested on 22 and 24); this is Node.js ${version}.`,
      )
      expect(message).toContain('. scripts/use-node.sh && npm ci && npm start')
    }
  })

  it('runs on 22.12 and newer', () => {
    for (const version of ['22.12.0', '22.20.1', '23.0.0', '24.21.0', '25.1.0'])
      expect(nodeVersionProblem(version)).toBeUndefined()
  })

  // The machine's own Node 20, where there is one: the server says why and exits, where it
  // crashed with a segmentation fault loading better-sqlite3 before.
  const oldNode = ['/usr/bin/node', '/usr/local/bin/node'].find((file) => {
    if (!fs.existsSync(file)) return false
    const version = spawnSync(file, ['-p', 'process.versions.node']).stdout?.toString().trim()
    return Boolean(version && nodeVersionProblem(version))
  })
  it.skipIf(!oldNode)('the server on an older Node exits with the message, not a crash', () => {
    const run = spawnSync(oldNode!, ['--import', 'tsx', 'server.ts'], {
      env: { ...process.env, DATA_DIR: '/nonexistent/review-desk-node-check', PORT: '39999' },
      timeout: 20_000,
    })
    expect(run.status).toBe(1)
    expect(run.stderr.toString()).toContain('Review desk needs Node.js 22.12 or newer')
  })
})

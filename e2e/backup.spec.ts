import fs from 'node:fs'
import {
  caughtUp,
  expectRestored,
  loseAndRestore,
  readiness,
  recordOrder,
  shop,
} from './backup-helpers'
import { freshDir, sparePort, startServer } from './servers'
import {
  apiCreateProduct,
  apiRegister,
  apiReserve,
  bearer,
  expect,
  newProduct,
  runOnce,
  test,
} from './utils'

test.describe('backup and restore', () => {
  runOnce()

  test('every acknowledged order, status change and picture survives the loss of the machine', async () => {
    test.setTimeout(240_000)
    const options = fileReplicaServer('backup', 1)
    let server = await startServer(options)
    try {
      const parties = await shop(server, 'backup')
      const busy = await apiRegister(server.api, 'pm', 'backup-busy')
      const other = await apiCreateProduct(server.api, parties.pmm.token, newProduct())

      // Other writes go on meanwhile: another pm reserves and releases, again and again.
      let writing = true
      const background = (async () => {
        let writes = 0
        while (writing) {
          const reserved = await apiReserve(server.api, busy.token, other.pId)
          expect(reserved.status()).toBe(201)
          const released = await server.api.delete(`/api/v1/reserve/${other.pId}`, {
            headers: bearer(busy.token),
          })
          expect(released.status()).toBe(200)
          writes += 2
        }
        return writes
      })().catch((error: Error) => error)

      const recorded = []
      try {
        for (let i = 0; i < 5; i++) recorded.push(await recordOrder(server, parties, i))
      } finally {
        writing = false
        await background
      }
      expect(await background).toBeGreaterThan(0)
      const acknowledged = Date.now()

      await caughtUp(server, acknowledged)
      expect((await readiness(server)).status).toBe(200)

      server = await loseAndRestore(server, { ...options, recorded })
      await expectRestored(server, parties.pm, recorded)
    } finally {
      await server.kill('SIGKILL')
    }
  })

  test('a Litestream left running by a killed primary is stopped by the next start', async () => {
    test.setTimeout(120_000)
    const options = fileReplicaServer('backup-orphan', 4)
    const first = await startServer(options)
    const litestreamOf = (pid: number) =>
      childrenOf(pid).find((child) => commandOf(child).includes('litestream'))
    await expect.poll(() => litestreamOf(first.process.pid!), { timeout: 30_000 }).toBeTruthy()
    const orphan = litestreamOf(first.process.pid!)!
    // Only the primary dies, as `kill -9` of its pid does: its Litestream outlives it.
    process.kill(first.process.pid!, 'SIGKILL')
    await expect.poll(() => commandOf(first.process.pid!), { timeout: 20_000 }).toBe('')
    expect(commandOf(orphan)).toContain('litestream')

    const second = await startServer(options)
    try {
      await expect.poll(() => commandOf(orphan), { timeout: 30_000 }).toBe('')
      await expect.poll(() => litestreamOf(second.process.pid!), { timeout: 30_000 }).toBeTruthy()
      await expect.poll(async () => (await readiness(second)).status, { timeout: 60_000 }).toBe(200)
    } finally {
      await second.kill('SIGKILL')
      await first.kill('SIGKILL')
    }
  })
})

/**
 * A server on spare port `offset`, on a fresh data directory (`<name>-data`), replicating to a
 * fresh file replica (`<name>-replica`).
 */
function fileReplicaServer(name: string, offset: number) {
  return {
    port: sparePort(offset),
    dataDir: freshDir(`${name}-data`),
    env: { BACKUP_URL: `file://${freshDir(`${name}-replica`)}` },
  }
}

function childrenOf(pid: number): number[] {
  try {
    const list = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    return list.split(' ').filter(Boolean).map(Number)
  } catch {
    return []
  }
}

/** The process's command line, or '' once it is gone (or a zombie). */
function commandOf(pid: number) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8')
  } catch {
    return ''
  }
}

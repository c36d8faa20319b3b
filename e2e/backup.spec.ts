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
  test,
} from './utils'

test.describe('backup and restore', () => {
  test.skip(({ jsEnabled }) => !jsEnabled, 'HTTP only: once is enough')

  test('every acknowledged order, status change and picture survives the loss of the machine', async () => {
    test.setTimeout(240_000)
    const port = sparePort(1)
    const dataDir = freshDir('backup-data')
    const env = { BACKUP_URL: `file://${freshDir('backup-replica')}` }
    let server = await startServer({ port, dataDir, env })
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

      server = await loseAndRestore(server, { port, dataDir, env, recorded })
      await expectRestored(server, parties.pm, recorded)
    } finally {
      await server.kill('SIGKILL')
    }
  })
})

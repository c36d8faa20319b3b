import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import sharp from 'sharp'
import { freshDir, restore, sparePort, startServer, type Server } from './servers'
import {
  apiCreateProduct,
  apiRegister,
  apiReserve,
  apiSignIn,
  bearer,
  expect,
  newProduct,
  test,
} from './utils'

/** A small PNG of its own colour: every order's pictures are files no other order has. */
async function picture(seed: number) {
  const buffer = await sharp({
    create: {
      width: 40 + (seed % 7),
      height: 30,
      channels: 3,
      background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: (seed * 53) % 256 },
    },
  })
    .png()
    .toBuffer()
  return { name: `p${seed}.png`, mimeType: 'image/png', buffer }
}

type Readiness = {
  status: string
  problems: string[]
  backup: {
    replicatedThrough: string | null
    lagSeconds: number
    picturesPending: number
    litestreamRunning: boolean
  } | null
}

async function readiness(server: Server) {
  const res = await server.api.get('/readyz')
  return { status: res.status(), body: (await res.json()) as Readiness }
}

/** Waits until every write acknowledged before `since` is in the replica, pictures included. */
async function caughtUp(server: Server, since: number) {
  await expect
    .poll(
      async () => {
        const { body } = await readiness(server)
        const through = Date.parse(body.backup?.replicatedThrough ?? '') || 0
        return through > since && body.backup?.picturesPending === 0
      },
      { timeout: 60_000, intervals: [500, 1000] },
    )
    .toBe(true)
}

type Recorded = { orderNumber: string; orderId: number; pictures: Record<string, Buffer> }

/** The bytes served for each of an order's pictures (the original of each). */
async function servedPictures(server: Server, token: string, orderId: number) {
  const res = await server.api.get(`/api/v1/order/${orderId}`, { headers: bearer(token) })
  expect(res.status()).toBe(200)
  const [order] = ((await res.json()) as { data: Array<Record<string, unknown>> }).data
  const pictures: Record<string, Buffer> = {}
  for (const field of ['orderScreenshot', 'refundScreenshot', 'reviewScreenshot']) {
    const url = order[field]
    expect(url, field).toEqual(expect.any(String))
    const file = await server.api.get(url as string, { headers: bearer(token) })
    expect(file.status(), `${field} of order ${orderId}`).toBe(200)
    pictures[field] = await file.body()
  }
  return { order, pictures }
}

test.describe('backup and restore', () => {
  test.skip(({ jsEnabled }) => !jsEnabled, 'HTTP only: once is enough')

  test('every acknowledged order, status change and picture survives the loss of the machine', async () => {
    test.setTimeout(240_000)
    const backupDir = freshDir('backup-replica')
    const dataDir = freshDir('backup-data')
    const env = { BACKUP_URL: `file://${backupDir}` }
    let server = await startServer({ port: sparePort(1), dataDir, env })
    try {
      const pmm = await apiRegister(server.api, 'pmm', 'backup-pmm')
      const pm = await apiRegister(server.api, 'pm', 'backup-pm')
      const busy = await apiRegister(server.api, 'pm', 'backup-busy')
      const product = await apiCreateProduct(
        server.api,
        pmm.token,
        newProduct({ limitPerDay: 50, limit: 100 }),
      )
      const other = await apiCreateProduct(server.api, pmm.token, newProduct())
      const markets = await server.api.get('/api/v1/market/', { headers: bearer(pm.token) })
      const market = ((await markets.json()) as { data: Array<{ _id: string; shortName: string }> })
        .data[0]!._id

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

      const recorded: Recorded[] = []
      try {
        for (let i = 0; i < 5; i++) {
          expect((await apiReserve(server.api, pm.token, product.pId)).status()).toBe(201)
          const orderNumber = `BK-${Date.now().toString(36)}-${i}`
          const created = await server.api.post('/api/v1/order/', {
            headers: bearer(pm.token),
            multipart: {
              orderNumber,
              market,
              pId: String(product.pId),
              paypal: `buyer${i}@example.com`,
              orderScreenshot: await picture(i * 3 + 1),
              refundScreenshot: await picture(i * 3 + 2),
            },
          })
          expect(created.status(), await created.text()).toBe(201)
          const review = await server.api.put('/api/v1/order/upload/review', {
            headers: bearer(pm.token),
            multipart: { orderNumber, reviewScreenshot: await picture(i * 3 + 3) },
          })
          expect(review.status(), await review.text()).toBe(200)
          const status = await server.api.patch('/api/v1/order/status', {
            headers: bearer(pm.token),
            data: { values: { statusModel: 'reviewed', ordernumber: orderNumber } },
          })
          expect(status.status(), await status.text()).toBe(200)
          const list = await server.api.get('/api/v1/order/', {
            headers: bearer(pm.token),
          })
          const listed = (await list.json()) as {
            data: { data: Array<{ orderId: number; orderNumber: string }> }
          }
          const found = listed.data.data.find((o) => o.orderNumber === orderNumber)
          expect(found, orderNumber).toBeTruthy()
          const { pictures } = await servedPictures(server, pm.token, found!.orderId)
          recorded.push({ orderNumber, orderId: found!.orderId, pictures })
        }
      } finally {
        writing = false
        await background
      }
      expect(await background).toBeGreaterThan(0)
      const acknowledged = Date.now()

      await caughtUp(server, acknowledged)
      expect((await readiness(server)).status).toBe(200)

      // The machine is lost: every process dies at once, the data directory with it.
      await server.kill('SIGKILL')
      fs.rmSync(dataDir, { recursive: true, force: true })

      const restored = await restore({ ...env, DATA_DIR: dataDir })
      expect(restored.stdout).toContain(`Restored ${dataDir} from file://${backupDir}`)
      expect(restored.stdout).toContain('integrity check: ok')
      const refused = await restore({ ...env, DATA_DIR: dataDir }).catch(
        (error: { code: number; stderr: string }) => error,
      )
      expect(refused).toMatchObject({
        code: 1,
        stderr: `${dataDir} is not empty. Restore only into an empty or missing data directory.\n`,
      })

      const sqlite = new Database(path.join(dataDir, 'app.db'), { readonly: true })
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok')
      const history = sqlite
        .prepare(
          'SELECT order_id AS orderId, from_status_id AS "from", to_status_id AS "to" FROM order_status_history ORDER BY id',
        )
        .all() as Array<{ orderId: number; from: string | null; to: string }>
      sqlite.close()
      for (const order of recorded) {
        expect(history.filter((h) => h.orderId === order.orderId)).toEqual([
          { orderId: order.orderId, from: null, to: 'ordered' },
          { orderId: order.orderId, from: 'ordered', to: 'reviewed' },
        ])
      }

      server = await startServer({ port: sparePort(1), dataDir })
      // The restored sessions still sign the pm in; signing in again works too.
      const token = await apiSignIn(server.api, pm.email, pm.password)
      for (const order of recorded) {
        const { order: wire, pictures } = await servedPictures(server, token, order.orderId)
        expect(wire).toMatchObject({
          orderNumber: order.orderNumber,
          status: { _id: 'reviewed', name: 'Reviewed' },
        })
        for (const [field, bytes] of Object.entries(order.pictures)) {
          expect(pictures[field]!.equals(bytes), `${field} of ${order.orderNumber}`).toBe(true)
        }
      }
    } finally {
      await server.kill('SIGKILL')
    }
  })
})

import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { spawn } from 'node:child_process'
import sharp from 'sharp'
import { restore, startServer, type Server } from './servers'
import {
  apiCreateProduct,
  apiRegister,
  apiReserve,
  apiSignIn,
  bearer,
  expect,
  newProduct,
  type ApiProduct,
  type ApiUser,
} from './utils'

/** A small PNG of its own colour: every order's pictures are files no other order has. */
export async function picture(seed: number) {
  const buffer = await sharp({
    create: {
      width: 40 + (seed % 7),
      height: 30 + (seed % 5),
      channels: 3,
      background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: (seed * 53) % 256 },
    },
  })
    .png()
    .toBuffer()
  return { name: `p${seed}.png`, mimeType: 'image/png', buffer }
}

export type Readiness = {
  status: string
  problems: string[]
  backup: {
    replicatedThrough: string | null
    lagSeconds: number
    picturesPending: number
    picturesWaitingSeconds: number
    litestreamRunning: boolean
    lagging: boolean
  } | null
}

export async function readiness(server: Server) {
  const res = await server.api.get('/readyz')
  return { status: res.status(), body: (await res.json()) as Readiness }
}

/** Waits until every write acknowledged before `since` is in the replica, pictures included. */
export async function caughtUp(server: Server, since: number) {
  await expect
    .poll(
      async () => {
        const { body } = await readiness(server)
        const through = Date.parse(body.backup?.replicatedThrough ?? '') || 0
        return through > since && body.backup?.picturesPending === 0
      },
      { timeout: 90_000, intervals: [500, 1000] },
    )
    .toBe(true)
}

export type Recorded = { orderNumber: string; orderId: number; pictures: Record<string, Buffer> }

/** The bytes served for each of an order's pictures (the original of each). */
export async function servedPictures(server: Server, token: string, orderId: number) {
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

/** A pmm, a pm and a product with room for many orders, made over HTTP. */
export async function shop(server: Server, prefix: string) {
  const pmm = await apiRegister(server.api, 'pmm', `${prefix}-pmm`)
  const pm = await apiRegister(server.api, 'pm', `${prefix}-pm`)
  const product = await apiCreateProduct(
    server.api,
    pmm.token,
    newProduct({ limitPerDay: 50, limit: 100 }),
  )
  const markets = await server.api.get('/api/v1/market/', { headers: bearer(pm.token) })
  const market = ((await markets.json()) as { data: Array<{ _id: string }> }).data[0]!._id
  return { pmm, pm, product, market }
}

/**
 * The pm reserves the product and records an order with its order and refund pictures, uploads
 * the review picture and moves it to Reviewed; returns what the server acknowledged.
 */
export async function recordOrder(
  server: Server,
  { pm, product, market }: { pm: ApiUser; product: ApiProduct; market: string },
  seed: number,
): Promise<Recorded> {
  expect((await apiReserve(server.api, pm.token, product.pId)).status()).toBe(201)
  const orderNumber = `BK-${Date.now().toString(36)}-${seed}`
  const created = await server.api.post('/api/v1/order/', {
    headers: bearer(pm.token),
    multipart: {
      orderNumber,
      market,
      pId: String(product.pId),
      paypal: `buyer${seed}@example.com`,
      orderScreenshot: await picture(seed * 3 + 1),
      refundScreenshot: await picture(seed * 3 + 2),
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const review = await server.api.put('/api/v1/order/upload/review', {
    headers: bearer(pm.token),
    multipart: { orderNumber, reviewScreenshot: await picture(seed * 3 + 3) },
  })
  expect(review.status(), await review.text()).toBe(200)
  const status = await server.api.patch('/api/v1/order/status', {
    headers: bearer(pm.token),
    data: { values: { statusModel: 'reviewed', ordernumber: orderNumber } },
  })
  expect(status.status(), await status.text()).toBe(200)
  const list = await server.api.get('/api/v1/order/', { headers: bearer(pm.token) })
  const listed = (await list.json()) as {
    data: { data: Array<{ orderId: number; orderNumber: string }> }
  }
  const found = listed.data.data.find((o) => o.orderNumber === orderNumber)
  expect(found, orderNumber).toBeTruthy()
  const { pictures } = await servedPictures(server, pm.token, found!.orderId)
  return { orderNumber, orderId: found!.orderId, pictures }
}

/**
 * The machine is lost and rebuilt: every process of `server` dies at once, the data directory
 * with it; `npm run restore` rebuilds it (and refuses to run again on it), and a new server
 * starts on it. Checks the database's integrity and each order's status history.
 */
export async function loseAndRestore(
  server: Server,
  options: { port: number; dataDir: string; env: Record<string, string>; recorded: Recorded[] },
) {
  const { dataDir, env, recorded } = options
  await server.kill('SIGKILL')
  fs.rmSync(dataDir, { recursive: true, force: true })

  const restored = await restore({ ...env, DATA_DIR: dataDir })
  expect(restored.stdout).toContain(`Restored ${dataDir} from ${env.BACKUP_URL}`)
  expect(restored.stdout).toContain('integrity check: ok')
  expect(restored.stdout).toContain('picture files: every picture row has its 4 files')
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
  return startServer({ port: options.port, dataDir })
}

/** Every recorded order, its status and its pictures (byte for byte), as the server serves them. */
export async function expectRestored(server: Server, pm: ApiUser, recorded: Recorded[]) {
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
}

/** The S3 stand-in's port: the spec's server port moved to the 43xx range (3341 -> 4341). */
export const s3Port = (port: number) => port + 1000

/**
 * An S3-compatible server on localhost (s3rver, in a process of its own: e2e/s3-server.mjs),
 * keeping its objects in `directory`, with the bucket `backups`; it answers to the access key
 * S3RVER / S3RVER and lists past 1,000 keys. `close()` stops it.
 */
export async function startS3(port: number, directory: string) {
  const child = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      path.join(import.meta.dirname, 's3-server.mjs'),
      String(port),
      directory,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve())
    child.once('exit', (code) => reject(new Error(`The S3 stand-in exited (${code}).`)))
  })
  return {
    async close() {
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** How many objects the S3 stand-in holds under `prefix` of the bucket `backups`. */
export function s3Objects(directory: string, prefix: string) {
  const root = path.join(directory, 'backups', prefix)
  if (!fs.existsSync(root)) return 0
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('._S3rver_object')).length
}

export const s3Env = (port: number) => ({
  BACKUP_URL: 's3://backups/review-desk',
  BACKUP_S3_ENDPOINT: `http://127.0.0.1:${port}`,
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
  AWS_REGION: 'us-east-1',
})

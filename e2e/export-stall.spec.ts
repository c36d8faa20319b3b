import net from 'node:net'
import path from 'node:path'
import Database from 'better-sqlite3'
import { freshDir, sparePort, startServer } from './servers'
import { DEMO, expect, runOnce, signInWith, test } from './utils'

const STALL_SECONDS = 3
/** Enough orders for a report (~50 MB) far larger than the connection's buffers on both sides. */
const ORDERS = 200_000

/**
 * Many more orders for the demo pmm, straight into the server's database: copies of one of their
 * orders under new numbers, so that a report of them is far larger than what a connection buffers.
 */
function manyOrders(dataDir: string, count: number) {
  const sqlite = new Database(path.join(dataDir, 'app.db'))
  sqlite.pragma('busy_timeout = 5000')
  const columns = (sqlite.prepare('PRAGMA table_info(orders)').all() as Array<{ name: string }>)
    .map((c) => c.name)
    .filter((name) => name !== 'id')
  const copied = columns.map((name) =>
    name === 'order_number' || name === 'order_number_key' ? `'STALL-' || n.i` : `o.${name}`,
  )
  sqlite.exec(`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
    INSERT INTO orders (${columns.join(', ')})
    SELECT ${copied.join(', ')} FROM n, (
      SELECT orders.* FROM orders
      JOIN products ON products.id = orders.product_id
      JOIN users ON users.id = products.owner_id
      WHERE users.email = '${DEMO.pmm}' LIMIT 1
    ) AS o`)
  sqlite.close()
}

/**
 * A download asked for over a raw connection that reads the start of its answer (the server has
 * begun it: its export place is taken) and then nothing more. Its socket and that start.
 */
async function hostage(port: number, cookie: string, path: string) {
  const socket = net.connect(port, '127.0.0.1')
  socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost:${port}\r\nCookie: ${cookie}\r\n\r\n`)
  const start = await new Promise<string>((resolve) =>
    socket.once('data', (chunk: Buffer) => {
      socket.pause()
      resolve(chunk.subarray(0, 12).toString())
    }),
  )
  return { socket, start }
}

test.describe('exports whose clients stop reading', () => {
  runOnce()

  test('give their places back within seconds: the next export of the user is served', async () => {
    test.setTimeout(180_000)
    const port = sparePort(9)
    const dataDir = freshDir('export-stall-data')
    const server = await startServer({
      port,
      dataDir,
      env: { EXPORT_STALL_SECONDS: String(STALL_SECONDS) },
    })
    const clients: Array<Awaited<ReturnType<typeof hostage>>> = []
    try {
      manyOrders(dataDir, ORDERS)
      await signInWith(server.api, DEMO.pmm)
      const { cookies } = await server.api.storageState()
      const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ')
      const report = '/orderReport/export.csv?from=2000-01-01'

      // Two downloads (the per-user limit) that are opened and never read.
      clients.push(await hostage(port, cookie, report), await hostage(port, cookie, report))
      expect(clients.map((c) => c.start)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200'])
      expect((await server.api.get(report)).status()).toBe(429)
      const held = Date.now()
      // The server ends them (they stalled), and the user's next export is served in full.
      await expect
        .poll(async () => (await server.api.get(report)).status(), {
          timeout: 60_000,
          intervals: [500],
        })
        .toBe(200)
      console.log(
        `export-stall: two unread downloads gave their places back after ${(Date.now() - held) / 1000} s`,
      )
      const text = await (await server.api.get(report)).text()
      expect(text).toContain('STALL-1,')
      expect(text).toContain(`STALL-${ORDERS},`)
    } finally {
      for (const { socket } of clients) socket.destroy()
      await server.kill('SIGKILL')
    }
  })
})

import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { buffer } from 'node:stream/consumers'
import zlib from 'node:zlib'
import express from 'express'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { seededRandom } from '../app/core/seeded-random'
import { responseCompression } from './compression'

// A report-like page well past the encoder's window, sent in pieces as a page streams.
const random = seededRandom(7)
const rows = Array.from(
  { length: 3_000 },
  (_, i) =>
    `<tr><td><a href="/orders/view/${i}">ORD-${Math.floor(random() * 1e9)}</a></td><td>buyer${Math.floor(random() * 1e5)}@example.test</td><td>${(random() * 1e4).toFixed(2)}</td><td>深圳卖家 ${i % 40}</td></tr>`,
)
const page = `<!DOCTYPE html><html><body><table>${rows.join('')}</table><p>the end</p></body></html>`

const app = express()
app.use(responseCompression())
app.get('/page', (_req, res) => {
  res.type('html')
  const bytes = Buffer.from(page)
  for (let at = 0; at < bytes.length; at += 16_384) res.write(bytes.subarray(at, at + 16_384))
  res.end()
})
let server: http.Server
let port: number
beforeAll(async () => {
  server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

async function get(acceptEncoding?: string) {
  const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http
      .get(
        {
          host: '127.0.0.1',
          port,
          path: '/page',
          headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
        },
        resolve,
      )
      .on('error', reject),
  )
  return { encoding: res.headers['content-encoding'], body: await buffer(res) }
}

test('a page longer than the Brotli window arrives whole and a fraction of its size', async () => {
  expect(Buffer.byteLength(page)).toBeGreaterThan(4 * 65_536)
  const { encoding, body } = await get('gzip, deflate, br')
  expect(encoding).toBe('br')
  expect(zlib.brotliDecompressSync(body).toString()).toBe(page)
  expect(body.length).toBeLessThan(Buffer.byteLength(page) / 3)
})

test('gzip for a browser without Brotli, the page as it is for a client that takes neither', async () => {
  const gzip = await get('gzip')
  expect(gzip.encoding).toBe('gzip')
  expect(zlib.gunzipSync(gzip.body).toString()).toBe(page)
  const plain = await get()
  expect(plain.encoding).toBeUndefined()
  expect(plain.body.toString()).toBe(page)
})

test('a streamed answer and a page whole are sent in the same coding for the same header', async () => {
  const { chosenCoding } = await import('../app/core/content-coding.server')
  const headers = [
    'gzip, deflate, br, zstd',
    'gzip;q=1.0, br;q=0.5',
    'br;q=0.5, gzip;q=0.5',
    'br;q=0, gzip',
    '*',
    '*;q=0.1, br;q=0',
    'gzip;q=0.5, *',
    '  gzip  ;  q=0.8 ',
    'identity',
    'br;q=0, gzip;q=0',
    'br;q=x',
  ]
  for (const header of headers) {
    const { encoding } = await get(header)
    expect([header, encoding]).toEqual([header, chosenCoding(header)])
  }
})

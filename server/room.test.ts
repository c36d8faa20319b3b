import http from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { roomToWrite } from './room'

// A download written as fast as its client takes it: 256 KB at a time, with room() between.
const CHUNK = Buffer.alloc(256 * 1024, 'x')
const TOTAL = 32 * 1024 * 1024
const STALL_MS = 500
let outcome: Promise<{ written: number; destroyed: boolean }>
let report: (value: { written: number; destroyed: boolean }) => void

const server = http.createServer(async (_req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/csv', 'Content-Length': String(TOTAL) })
  let written = 0
  while (written < TOTAL && !res.destroyed) {
    res.write(CHUNK)
    written += CHUNK.length
    await roomToWrite(res, STALL_MS)
  }
  res.end()
  report({ written, destroyed: res.destroyed })
})
let port = 0
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(() => server.close())
const expectOutcome = () => (outcome = new Promise((resolve) => (report = resolve)))

describe('room to write', () => {
  test('a client that stops reading is cut off, and the writer stops', async () => {
    expectOutcome()
    const client = net.connect(port, '127.0.0.1')
    client.write(`GET /export.csv HTTP/1.1\r\nHost: localhost\r\n\r\n`)
    client.pause()
    const closed = new Promise((resolve) => client.once('close', resolve))
    // Reading nothing, it still learns that the server gave up: the connection ends.
    setTimeout(() => client.resume(), 5_000)
    const { written, destroyed } = await outcome
    expect(destroyed).toBe(true)
    expect(written).toBeLessThan(TOTAL)
    await closed
  })

  test('a client that reads gets every byte, however slowly it starts', async () => {
    expectOutcome()
    const body = await new Promise<number>((resolve, reject) => {
      const req = http.get(`http://127.0.0.1:${port}/export.csv`, (res) => {
        res.pause()
        // A pause shorter than the stall limit is only a slow client.
        setTimeout(() => res.resume(), STALL_MS / 2)
        let size = 0
        res.on('data', (c: Buffer) => (size += c.length))
        res.on('end', () => resolve(size))
      })
      req.on('error', reject)
    })
    expect(body).toBe(TOTAL)
    expect(await outcome).toEqual({ written: TOTAL, destroyed: false })
  })
})

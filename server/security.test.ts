import http from 'node:http'
import { Readable } from 'node:stream'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { API_MESSAGES } from '../app/utils/http-errors'
import {
  bodyLimits,
  FORM_BODY_LIMIT,
  knownMethods,
  MAX_FORM_FIELDS,
  noStore,
  sameOriginWrites,
  SECURITY_MESSAGES,
  UPLOAD_MEMORY_BUDGET,
  uploadPeak,
  wellFormedUrl,
} from './security'

// A stand-in for Remix behind the same guards: it reads the whole body and says how long it was.
const app = express()
app.use(knownMethods, wellFormedUrl, noStore, sameOriginWrites, bodyLimits)
// What Remix does with a form: the body through the platform's (undici's) parser, with the headers
// as Express holds them after the guards.
app.post(['/parse', '/api/parse'], async (req, res) => {
  const request = new Request('http://localhost/parse', {
    method: 'POST',
    headers: Object.entries(req.headers).flatMap(([name, value]) =>
      typeof value === 'string' ? [[name, value] as [string, string]] : [],
    ),
    body: Readable.toWeb(req) as ReadableStream,
    duplex: 'half',
  } as RequestInit)
  const parsed = await request.formData().catch(() => undefined)
  res
    .status(parsed ? 200 : 400)
    .json({ ok: Boolean(parsed), fields: [...(parsed?.keys() ?? [])].length })
})
app.all('*', (req, res) => {
  let size = 0
  req.on('data', (c: Buffer) => (size += c.length))
  req.on('end', () => res.json({ ok: true, size }))
})
let base = ''
let server: ReturnType<typeof app.listen>
beforeAll(async () => {
  server = app.listen(0)
  await new Promise((r) => server.once('listening', r))
  base = `http://localhost:${(server.address() as AddressInfo).port}`
})
afterAll(() => server.close())

/** A POST to the stand-in; `duplex` lets a streamed body be sent while the answer comes. */
const post = (path: string, headers: Record<string, string>, body: BodyInit) =>
  fetch(`${base}${path}`, { method: 'POST', headers, body, duplex: 'half' })

const cookie = { Cookie: '__session=abc' }
const form = { 'Content-Type': 'application/x-www-form-urlencoded' }

describe('body caps', () => {
  test('a 60 MB form is refused with 413 before it is read, and nothing is echoed', async () => {
    const r = await post(
      '/login',
      { ...form, 'Content-Length': String(60 * 1024 * 1024) },
      'x',
    ).catch((e: Error) => e)
    if (r instanceof Error) return // the server may close before the client finishes sending
    expect(r.status).toBe(413)
    const text = await r.text()
    expect(text).toContain(SECURITY_MESSAGES.tooLarge)
  })

  test('a 2 MB form is 413 (page: a short page; API: JSON); 900 kB passes', async () => {
    const big = 'a='.concat('x'.repeat(2 * 1024 * 1024))
    const page = await post('/login', form, big)
    expect(page.status).toBe(413)
    expect(await page.text()).toContain(SECURITY_MESSAGES.tooLarge)
    const api = await post(
      '/api/v1/user/login',
      { 'Content-Type': 'application/json' },
      JSON.stringify({ email: 'x'.repeat(FORM_BODY_LIMIT + 10) }),
    )
    expect(api.status).toBe(413)
    expect(await api.json()).toEqual({ success: false, message: SECURITY_MESSAGES.tooLarge })
    const ok = await post('/login', form, 'a='.concat('x'.repeat(900 * 1024)))
    expect(ok.status).toBe(200)
  })

  test('a chunked body over the cap is cut off with 413', async () => {
    const chunk = new Uint8Array(256 * 1024).fill(120)
    let sent = 0
    const body = new ReadableStream({
      pull(controller) {
        if (sent++ < 8) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const r = await post('/login', form, body).catch((e: Error) => e)
    if (r instanceof Error) return
    expect(r.status).toBe(413)
  })
})

describe('field and part caps', () => {
  const fields = (n: number) => Array.from({ length: n }, (_, i) => `${i.toString(36)}=1`).join('&')
  const parts = (n: number, boundary = 'B0und') =>
    Array.from(
      { length: n },
      (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n1\r\n`,
    ).join('') + `--${boundary}--\r\n`
  // The boundary has capitals: it is matched as sent.
  const multipart = { 'Content-Type': 'multipart/form-data; boundary=B0und' }

  test('a form of 150,000 tiny fields is 413 with a message (page: a short page; API: JSON)', async () => {
    const page = await post('/login', form, fields(150_000))
    expect(page.status).toBe(413)
    expect(await page.text()).toContain(SECURITY_MESSAGES.tooManyFields)
    const api = await post('/api/v1/user/login', form, fields(MAX_FORM_FIELDS + 1))
    expect(api.status).toBe(413)
    expect(await api.json()).toEqual({ success: false, message: SECURITY_MESSAGES.tooManyFields })
  })

  test('a multipart body of 200,000 tiny parts is 413, in one piece or chunked', async () => {
    const whole = await post('/login', multipart, parts(200_000))
    expect(whole.status).toBe(413)
    expect(await whole.text()).toContain(SECURITY_MESSAGES.tooManyFields)
    // The boundary split across chunks still counts.
    const bytes = new TextEncoder().encode(parts(MAX_FORM_FIELDS + 1))
    let at = 0
    const body = new ReadableStream({
      pull(controller) {
        if (at >= bytes.length) return controller.close()
        controller.enqueue(bytes.slice(at, at + 7))
        at += 7
      },
    })
    const chunked = await post('/login', multipart, body).catch((e: Error) => e)
    if (chunked instanceof Error) return
    expect(chunked.status).toBe(413)
  })

  test('a form at the cap passes whole', async () => {
    const r = await post('/login', form, fields(MAX_FORM_FIELDS))
    expect(r.status).toBe(200)
    const m = await post('/login', multipart, parts(MAX_FORM_FIELDS))
    expect(m.status).toBe(200)
    expect(((await m.json()) as { size: number }).size).toBe(parts(MAX_FORM_FIELDS).length)
  })
})

describe('the Content-Type of a body', () => {
  const parts = (n: number, boundary: string) =>
    Array.from(
      { length: n },
      (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n1\r\n`,
    ).join('') + `--${boundary}--\r\n`

  test('a second boundary is a 400 before the body is read, whichever one the parts use', async () => {
    for (const header of [
      'multipart/form-data; boundary=A; boundary=B',
      'multipart/form-data; boundary=B; boundary=A',
      'multipart/form-data; BOUNDARY=A; boundary="B"',
    ]) {
      for (const path of ['/login', '/parse']) {
        const r = await post(path, { 'Content-Type': header }, parts(MAX_FORM_FIELDS + 1, 'A'))
        expect(r.status, header).toBe(400)
        expect(await r.text()).toContain(SECURITY_MESSAGES.badContentType)
      }
    }
    const api = await post(
      '/api/parse',
      { 'Content-Type': 'multipart/form-data; boundary=A; boundary=B' },
      parts(3, 'B'),
    )
    expect(api.status).toBe(400)
    expect(await api.json()).toEqual({ success: false, message: SECURITY_MESSAGES.badContentType })
  })

  test('a malformed Content-Type or boundary is a 400 with the message', async () => {
    for (const header of [
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=""',
      `multipart/form-data; boundary=${'x'.repeat(71)}`,
      'multipart/form-data; boundary="ends in a space "',
      'multipart/form-data; boundary=a b',
      'multipart/form-data, text/plain; boundary=A',
      'multipart/form-data; boundary="A',
      'multipart/form-data; boundary=A;;charset',
      'application/x-www-form-urlencoded; charset=utf-8; charset=latin1',
      'application/x-www-form-urlencoded; =x',
      'form',
      '',
    ]) {
      const r = await post('/parse', { 'Content-Type': header }, 'a=1')
      expect(r.status, JSON.stringify(header)).toBe(400)
      expect(await r.text()).toContain(SECURITY_MESSAGES.badContentType)
    }
  })

  test('the parts counted are the parts parsed: quoted, any case, with other parameters', async () => {
    for (const [header, boundary] of [
      ['multipart/form-data; boundary="a (quoted) one"', 'a (quoted) one'],
      ['Multipart/Form-Data ; Boundary=B0und ; charset=utf-8', 'B0und'],
      ['multipart/form-data;boundary="q\\u"', 'qu'],
    ]) {
      const ok = await post('/parse', { 'Content-Type': header }, parts(MAX_FORM_FIELDS, boundary))
      expect(ok.status, header).toBe(200)
      expect(await ok.json()).toEqual({ ok: true, fields: MAX_FORM_FIELDS })
      const over = await post(
        '/parse',
        { 'Content-Type': header },
        parts(MAX_FORM_FIELDS + 1, boundary),
      )
      expect(over.status, header).toBe(413)
      expect(await over.text()).toContain(SECURITY_MESSAGES.tooManyFields)
    }
  })

  test('forms and JSON with ordinary headers pass', async () => {
    const urlencoded = await post(
      '/parse',
      { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      'a=1&b=2',
    )
    expect(await urlencoded.json()).toEqual({ ok: true, fields: 2 })
    const json = await post('/api/x', { 'Content-Type': 'application/json; charset=utf-8' }, '{}')
    expect(json.status).toBe(200)
  })
})

describe('uploads held in memory', () => {
  test('bodies read at once stay within the budget; the others wait their turn and pass', async () => {
    const boundary = 'B0und'
    const ten = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="p"; filename="p.png"\r\n\r\n`,
      ),
      Buffer.alloc(10 * 1024 * 1024, 1),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    uploadPeak()
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        post('/orders', { 'Content-Type': `multipart/form-data; boundary=${boundary}` }, ten),
      ),
    )
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200))
    const peak = uploadPeak()
    expect(peak).toBeGreaterThanOrEqual(ten.length)
    expect(peak).toBeLessThanOrEqual(UPLOAD_MEMORY_BUDGET)
  })
})

describe('methods', () => {
  // fetch refuses to send TRACE: a plain HTTP request does.
  const send = (method: string, path: string) =>
    new Promise<{ status: number; allow?: string; text: string }>((resolve, reject) => {
      const req = http.request(`${base}${path}`, { method }, (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => (text += c))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, text }),
        )
      })
      req.on('error', reject)
      req.end()
    })

  test.each(['TRACE', 'PROPFIND', 'MKCOL'])(
    '%s is a 405 with Allow (page: a short page; API: JSON)',
    async (method) => {
      const page = await send(method, '/login')
      expect(page.status).toBe(405)
      expect(page.allow).toBe('GET, HEAD, POST')
      expect(page.text).toContain(SECURITY_MESSAGES.method)
      const api = await send(method, '/api/v1/order')
      expect(api.status).toBe(405)
      expect(api.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE')
      expect(JSON.parse(api.text)).toEqual({ success: false, message: API_MESSAGES.method })
    },
  )
})

describe('content types and addresses', () => {
  test.each(['application/json', 'text/plain'])('a %s body to a page is 415', async (type) => {
    const r = await post('/login', { 'Content-Type': type }, '{"email":"a"}')
    expect(r.status).toBe(415)
    expect(await r.text()).toContain(SECURITY_MESSAGES.contentType)
  })

  test('broken percent-encoding is a 400 (JSON under /api/v1)', async () => {
    const r = await fetch(`${base}/api/v1/product/%ED%A0%80`)
    expect(r.status).toBe(400)
    expect(await r.json()).toEqual({ success: false, message: SECURITY_MESSAGES.badUrl })
  })
})

describe('cookie writes from another origin', () => {
  test('refused with 403 (page and API), whatever the content type', async () => {
    for (const path of ['/api/v1/reserve/123456', '/activeProducts']) {
      const r = await post(
        path,
        { ...cookie, Origin: 'http://evil.example', 'Content-Type': 'text/plain' },
        'x',
      )
      expect(r.status).toBe(403)
    }
    // Another port of this same host is another origin.
    const port = await post(
      '/activeProducts',
      { ...cookie, ...form, Origin: 'http://localhost:1' },
      'a=1',
    )
    expect(port.status).toBe(403)
    const referer = await post(
      '/logout',
      { ...cookie, ...form, Referer: 'http://evil.example/page' },
      '',
    )
    expect(referer.status).toBe(403)
  })

  test('same origin and bearer calls pass', async () => {
    const same = await post('/activeProducts', { ...cookie, ...form, Origin: base }, 'a=1')
    expect(same.status).toBe(200)
    const bearer = await fetch(`${base}/api/v1/reserve/123456`, {
      method: 'POST',
      headers: { Authorization: 'Bearer t', Origin: 'http://evil.example' },
    })
    expect(bearer.status).toBe(200)
  })
})

describe('headers', () => {
  test('pages and JSON are no-store, with a Permissions-Policy', async () => {
    for (const path of ['/dashboard', '/api/v1/product/']) {
      const r = await fetch(`${base}${path}`)
      expect(r.headers.get('Cache-Control')).toBe('no-store')
      expect(r.headers.get('Permissions-Policy')).toContain('camera=()')
    }
  })

  test("Remix's route manifest is left to Remix's own caching", async () => {
    const r = await fetch(`${base}/__manifest?p=%2Fdashboard&version=abc`)
    expect(r.headers.get('Cache-Control')).toBeNull()
  })
})

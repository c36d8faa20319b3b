import zlib from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { answerWithValidator, matchesValidator } from './validator.server'

const page = (parts: string[], nonce = 'n0nce') => ({
  parts,
  nonce,
})
const get = (ifNoneMatch?: string, method = 'GET') =>
  new Request('http://localhost/activeProducts?page=2', {
    method,
    headers: ifNoneMatch === undefined ? {} : { 'If-None-Match': ifNoneMatch },
  })
const owned = (owner = 'owner-aaaaaaaa') =>
  new Headers({ 'Content-Type': 'text/html; charset=utf-8', 'X-Cache-Owner': owner })

async function answer(
  request: Request,
  { parts, nonce }: { parts: string[]; nonce: string },
  headers = owned(),
  status = 200,
) {
  const response = answerWithValidator(request, status, headers, parts, nonce)
  return { response, body: await response.text(), etag: response.headers.get('ETag') }
}

describe('answerWithValidator (a repeat view costs headers only)', () => {
  test('a 200 GET gets a weak ETag; the same request with it is answered 304 with no body', async () => {
    const first = await answer(get(), page(['<html>', '<body>rows</body>']))
    expect(first.response.status).toBe(200)
    expect(first.body).toBe('<html><body>rows</body>')
    expect(first.etag).toMatch(/^W\/"[A-Za-z0-9_-]{22}"$/)

    const again = await answer(get(first.etag!), page(['<html>', '<body>rows</body>']))
    expect(again.response.status).toBe(304)
    expect(again.body).toBe('')
    expect(again.etag).toBe(first.etag)
    // The headers that go with any answer stay (the owner, a cookie the loader set).
    expect(again.response.headers.get('X-Cache-Owner')).toBe('owner-aaaaaaaa')
    expect(again.response.headers.get('Content-Type')).toBeNull()
  })

  test('the per-request nonce is not part of what the validator says', async () => {
    const first = await answer(get(), page(['<script nonce="abc">1</script>'], 'abc'))
    const again = await answer(get(first.etag!), page(['<script nonce="xyz">1</script>'], 'xyz'))
    expect(again.response.status).toBe(304)
  })

  test('any change of the bytes, or another user, answers in full', async () => {
    const first = await answer(get(), page(['<body>rows</body>']))
    const changed = await answer(get(first.etag!), page(['<body>rows!</body>']))
    expect(changed.response.status).toBe(200)
    expect(changed.body).toBe('<body>rows!</body>')
    expect(changed.etag).not.toBe(first.etag)
    // The same bytes split differently are the same page.
    expect((await answer(get(first.etag!), page(['<body>', 'rows</body>']))).response.status).toBe(
      304,
    )

    const other = await answer(
      get(first.etag!),
      page(['<body>rows</body>']),
      owned('owner-bbbbbbbb'),
    )
    expect(other.response.status).toBe(200)
    const signedOut = await answer(get(first.etag!), page(['<body>rows</body>']), new Headers())
    expect(signedOut.response.status).toBe(200)
  })

  test('only a 200 answer to a GET or HEAD carries a validator', async () => {
    const notFound = await answer(get(), page(['nope']), owned(), 404)
    expect(notFound.etag).toBeNull()
    expect(notFound.response.status).toBe(404)
    const first = await answer(get(), page(['same']))
    const head = await answer(get(first.etag!, 'HEAD'), page(['same']))
    expect(head.response.status).toBe(304)
    const post = new Request('http://localhost/x', {
      method: 'POST',
      headers: { 'If-None-Match': first.etag! },
    })
    const posted = await answer(post, page(['same']))
    expect(posted.response.status).toBe(200)
    expect(posted.etag).toBeNull()
  })
})

describe('matchesValidator (RFC 9110 If-None-Match, weak comparison)', () => {
  const etag = 'W/"abcDEF123_-abcDEF1234"'
  test.each([
    [etag, true],
    ['"abcDEF123_-abcDEF1234"', true],
    [`"other", ${etag}`, true],
    [`W/"other",W/"abcDEF123_-abcDEF1234" `, true],
    ['*', true],
    ['W/"other"', false],
    ['', false],
    ['abcDEF123_-abcDEF1234', false],
    [`W/"abcDEF123_-abcDEF1234`, false],
    ['x'.repeat(10_000), false],
  ])('If-None-Match %j matches: %s', (header, expected) => {
    expect(matchesValidator(header, etag)).toBe(expected)
  })
})

describe('answerWithValidator: the body compressed at once, in the coding asked for', () => {
  const rows = Array.from({ length: 200 }, (_, i) => `<tr><td>order ${i}</td></tr>`).join('')
  const request = (acceptEncoding?: string, ifNoneMatch?: string) =>
    new Request('http://localhost/orders?page=2', {
      headers: {
        ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}),
        ...(ifNoneMatch ? { 'If-None-Match': ifNoneMatch } : {}),
      },
    })

  test('Brotli for a browser, gzip for a client without it, the same page and validator', async () => {
    const plain = answerWithValidator(request(), 200, owned(), ['<table>', rows, '</table>'])
    const html = await plain.text()
    expect(plain.headers.get('Content-Encoding')).toBeNull()
    expect(plain.headers.get('Content-Length')).toBe(String(Buffer.byteLength(html)))

    const br = answerWithValidator(request('gzip, deflate, br'), 200, owned(), [
      '<table>',
      rows,
      '</table>',
    ])
    expect(br.headers.get('Content-Encoding')).toBe('br')
    expect(br.headers.get('Vary')).toBe('Accept-Encoding')
    const brBody = Buffer.from(await br.arrayBuffer())
    expect(br.headers.get('Content-Length')).toBe(String(brBody.length))
    expect(zlib.brotliDecompressSync(brBody).toString()).toBe(html)
    expect(br.headers.get('ETag')).toBe(plain.headers.get('ETag'))

    const gzip = answerWithValidator(request('gzip'), 200, owned(), ['<table>', rows, '</table>'])
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip')
    expect(zlib.gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(html)

    // Asked again with the validator, in any coding: headers only.
    const again = answerWithValidator(request('br', plain.headers.get('ETag')!), 200, owned(), [
      '<table>',
      rows,
      '</table>',
    ])
    expect(again.status).toBe(304)
    expect(again.headers.get('Content-Encoding')).toBeNull()
  })

  test('an answer other than 200 (an error page) is compressed too', async () => {
    const notFound = answerWithValidator(request('br'), 404, owned(), ['<p>', rows, '</p>'])
    expect(notFound.status).toBe(404)
    expect(notFound.headers.get('Content-Encoding')).toBe('br')
    expect(zlib.brotliDecompressSync(Buffer.from(await notFound.arrayBuffer())).toString()).toBe(
      `<p>${rows}</p>`,
    )
  })
})

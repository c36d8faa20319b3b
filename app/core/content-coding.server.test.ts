import zlib from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { chosenCoding, encodeWhole } from './content-coding.server'

describe('chosenCoding (Accept-Encoding)', () => {
  test.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate, br', 'br'],
    ['br', 'br'],
    ['BR;Q=1', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip;q=1.0, br;q=0.5', 'gzip'],
    ['br;q=0.5, gzip;q=0.5', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'],
    ['  gzip  ;  q=0.8 ', 'gzip'],
    ['gzip;q=0.5, *', 'br'],
  ])('%s: %s', (header, coding) => {
    expect(chosenCoding(header)).toBe(coding)
  })

  test.each([[null], [''], ['identity'], ['deflate'], ['br;q=0, gzip;q=0'], ['br;q=x'], [',,;']])(
    '%s: the bytes as they are',
    (header) => {
      expect(chosenCoding(header)).toBeUndefined()
    },
  )

  test('a header as long as the server takes (16 KB) is negotiated whole', () => {
    expect(chosenCoding(`br, ${'x;q=1, '.repeat(2_000)}`)).toBe('br')
    expect(chosenCoding(`${'x;q=1, '.repeat(2_000)}gzip`)).toBe('gzip')
  })
})

describe('encodeWhole', () => {
  const page = Buffer.from(
    `<!DOCTYPE html><table>${Array.from({ length: 400 }, (_, i) => `<tr><td>H-${i}</td><td>深圳卖家 ${i % 7}</td></tr>`).join('')}</table>`,
  )

  test('Brotli and gzip decode to the same bytes, a fraction of their size', () => {
    const br = encodeWhole(page, 'gzip, deflate, br')
    expect(br.coding).toBe('br')
    expect(zlib.brotliDecompressSync(br.body).equals(page)).toBe(true)
    expect(br.body.length).toBeLessThan(page.length / 5)

    const gzip = encodeWhole(page, 'gzip')
    expect(gzip.coding).toBe('gzip')
    expect(zlib.gunzipSync(gzip.body).equals(page)).toBe(true)
    expect(gzip.body.length).toBeLessThan(page.length / 4)
  })

  test('a client that takes neither, and an answer under 1 KB, get the bytes as they are', () => {
    expect(encodeWhole(page, null)).toEqual({ coding: undefined, body: page })
    const small = Buffer.from('[{"_1":2},"loaderData"]')
    expect(encodeWhole(small, 'br')).toEqual({ coding: undefined, body: small })
  })
})

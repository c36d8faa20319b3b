import { describe, expect, test } from 'vitest'
import { readForm, REQUEST_TOO_LARGE_MESSAGE } from './upload.server'
import { safeRedirect } from './misc'

const HOME = '/dashboard'

describe('safeRedirect: only a same-site path', () => {
  test.each([
    '/userProfile',
    '/userProfile?x=1',
    '/activeProducts?tab=reserved&page=2',
    '/view/123456#pictures',
    '/',
    '/h%C3%A9llo',
    '/%2F%2Fevil.example',
  ])('keeps %j', (to) => {
    expect(safeRedirect(to, HOME)).toBe(to)
  })

  test.each([
    ['absent', undefined],
    ['null', null],
    ['empty', ''],
    ['a relative path', 'dashboard'],
    ['an absolute URL', 'https://evil.example/'],
    ['a scheme', 'javascript:alert(1)'],
    ['protocol-relative', '//evil.example/'],
    ['protocol-relative with a backslash', '/\\evil.example/'],
    ['a backslash later on', '/a\\..\\\\evil.example'],
    ['a tab after the slash', '/\t/evil.example/'],
    ['a tab (what the attack sent, decoded)', decodeURIComponent('%2F%09%2Fevil.example%2F')],
    ['a newline', '/\n/evil.example/'],
    ['a carriage return', '/x\r\nSet-Cookie: a=b'],
    ['a NUL', '/x\u0000'],
    ['an ideographic space', '/\u3000/evil.example'],
    ['a no-break space', '/\u00A0/evil.example'],
    ['a line separator', '/x\u2028y'],
    ['a zero-width space', '/\u200B/evil.example'],
    ['a bidi override', '/\u202Eelpmaxe.live'],
    ['a byte-order mark', '/\uFEFF/evil.example'],
    ['a plain space', '/ /evil.example'],
    ['dot segments the parser rewrites', '/a/../../evil'],
    ['encoded dot segments', '/%2e%2e/admin'],
    ['characters the parser re-encodes', '/a"b<c>'],
    ['over 2000 characters', '/' + 'a'.repeat(2001)],
    ['a File-like value', Object.assign(new Blob(['/x']), { name: 'x' }) as unknown as File],
  ])('refuses %s', (_name, to) => {
    expect(safeRedirect(to, HOME)).toBe(HOME)
  })
})

describe('readForm', () => {
  test('a multipart text field over 100 kB is a 413 Response with a message, not an error', async () => {
    const form = new FormData()
    form.set('reason', 'x'.repeat(100_001))
    const request = new Request('http://localhost/scammerPaypal', { method: 'POST', body: form })
    const refused = await readForm(request).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(Response)
    expect((refused as Response).status).toBe(413)
    expect(await (refused as Response).text()).toBe(REQUEST_TOO_LARGE_MESSAGE)
  })
})

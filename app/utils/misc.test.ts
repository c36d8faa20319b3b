import { describe, expect, test } from 'vitest'
import { safeRedirect } from './misc'

describe('safeRedirect', () => {
  test.each([
    '/\t/evil.example/',
    '/%09/evil.example', // stays a path once decoded by us? it is percent-encoded: kept below
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/',
    '/ok\n',
    '/ok\r',
    '/ok\u0000',
    '/ok\u3000',
    '/\u00a0/evil.example',
    'javascript:alert(1)',
    '',
  ])('%j falls back to the home page', (value) => {
    const result = safeRedirect(value, '/dashboard')
    if (value === '/%09/evil.example') {
      // Percent-encoded, it is only a path on our site.
      expect(new URL(result, 'http://ours').host).toBe('ours')
    } else {
      expect(result).toBe('/dashboard')
    }
  })

  test('same-site paths with a query are kept', () => {
    expect(safeRedirect('/activeProducts?tab=reserved&page=2', '/dashboard')).toBe(
      '/activeProducts?tab=reserved&page=2',
    )
    expect(safeRedirect(null, '/dashboard')).toBe('/dashboard')
  })
})

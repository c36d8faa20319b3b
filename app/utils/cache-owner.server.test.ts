import { describe, expect, test } from 'vitest'
import { makeUser, DEMO_PASSWORD } from '../../server/factories'
import { apiSignIn } from '../../tests/sign-in'
import { cacheOwnerOf, markCacheOwner } from './cache-owner.server'

/* Whose page a response is, for the service worker's per-user caches (decision 103). */
describe('the cache owner header', () => {
  test('an opaque value per user, the same each time', () => {
    const a = cacheOwnerOf(1)
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(cacheOwnerOf(1)).toBe(a)
    expect(cacheOwnerOf(2)).not.toBe(a)
  })

  test('set on a signed-in GET only', async () => {
    const user = await makeUser()
    const signedIn = await apiSignIn(user.email, DEMO_PASSWORD)
    const token = signedIn.data.token as string
    expect(token).toBeTruthy()
    const headers = async (method: string, auth?: string) => {
      const h = new Headers({ 'X-Cache-Owner': 'planted-by-a-loader' })
      const request = new Request('http://localhost/orders', {
        method,
        headers: auth ? { Authorization: `Bearer ${auth}` } : {},
      })
      await markCacheOwner(request, h)
      return h.get('X-Cache-Owner')
    }
    expect(await headers('GET', token)).toBe(cacheOwnerOf(user.id))
    expect(await headers('GET')).toBeNull()
    expect(await headers('POST', token)).toBeNull()
  })
})

import { describe, expect, test } from 'vitest'
import { call, cookieFrom } from '../../tests/route'
import { DATA_REQUEST_HEADER } from './request.server'
import { dataWithToast, getToast, redirectWithToast } from './toast.server'

const toast = { type: 'error', message: 'Please try again later!' } as const

/** A form posted by the browser itself (JavaScript off), or by Remix's fetch (JavaScript on). */
function post(document: boolean) {
  return new Request('http://localhost/register', {
    method: 'POST',
    headers: document ? {} : { [DATA_REQUEST_HEADER]: '1' },
  })
}

describe('a refused form that tells the user in a toast', () => {
  test('without JavaScript: the root of the same request shows it, and no cookie keeps it', async () => {
    const context = {}
    const r = await call(
      () => dataWithToast({ request: post(true), context }, {}, toast, { status: 500 }),
      post(true),
    )
    expect(r.status).toBe(500)
    expect(r.headers.get('Set-Cookie')).toBeNull()
    const shown = await getToast(new Request('http://localhost/register'), context)
    expect(shown.toast).toMatchObject(toast)
    // The next page has nothing to show.
    expect((await getToast(new Request('http://localhost/'), {})).toast).toBeNull()
  })

  test('with JavaScript: flashed in the cookie for the root to read once', async () => {
    const r = await call(
      () => dataWithToast({ request: post(false), context: {} }, {}, toast, { status: 500 }),
      post(false),
    )
    const cookie = cookieFrom(r)
    const next = await getToast(
      new Request('http://localhost/register', { headers: { Cookie: cookie } }),
      {},
    )
    expect(next.toast).toMatchObject(toast)
    expect(next.headers?.['Set-Cookie']).toMatch(/^__toast=;/)
  })
})

describe('a toast with an Undo (a bulk change)', () => {
  test('carries its form to the next page; a toast without one has none', async () => {
    const undo = { action: '/all/bulk', fields: { intent: 'undo', batch: '7', back: '/all/pm' } }
    const r = await redirectWithToast('/all/pm', {
      type: 'success',
      message: 'Disabled 2 users.',
      undo,
    })
    const cookie = (r.headers.get('Set-Cookie') ?? '').split(';')[0]!
    const shown = await getToast(
      new Request('http://localhost/all/pm', { headers: { Cookie: cookie } }),
    )
    expect(shown.toast).toMatchObject({ type: 'success', message: 'Disabled 2 users.', undo })
    const plain = await redirectWithToast('/', { type: 'success', message: 'Saved.' })
    const next = await getToast(
      new Request('http://localhost/', {
        headers: { Cookie: (plain.headers.get('Set-Cookie') ?? '').split(';')[0]! },
      }),
    )
    expect(next.toast).not.toHaveProperty('undo')
  })
})

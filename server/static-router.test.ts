import { createStaticHandler, createStaticRouter } from 'react-router-dom/server'
import { expect, test } from 'vitest'

/*
 * patches/react-router-dom+6.30.4.patch (docs/performance.md, 49): the router every page render
 * makes (Remix's <RemixServer> calls createStaticRouter) holds its state as data. With getters,
 * each request's object literal had a hidden class of its own in the old generation, holding the
 * getters' closures, so every request's route trees and data lived on until a full collection:
 * one every ~200 requests, the tail of every list view. npm ci applies the patch (postinstall);
 * an install that skipped it fails here.
 */
test('the static router a page renders with holds its state as data, not getters', async () => {
  const routes = [{ id: 'root', path: '/', children: [{ id: 'list', path: 'orders' }] }]
  const context = await createStaticHandler(routes).query(new Request('http://localhost/orders'))
  if (context instanceof Response) throw new Error('no context')
  const router = createStaticRouter(routes, context)

  for (const name of ['basename', 'future', 'state', 'routes', 'window']) {
    const own = Object.getOwnPropertyDescriptor(router, name)
    expect(own, name).toBeDefined()
    expect(own?.get, name).toBeUndefined()
  }
  // What the render reads is still there.
  expect(router.state.location.pathname).toBe('/orders')
  expect(router.state.matches.map((m) => m.route.id)).toEqual(['root', 'list'])
  expect(router.routes.map((r) => r.id)).toEqual(['root'])
  expect(router.basename).toBe('/')
  expect(router.future.v7_partialHydration).toBe(false)
  expect(() => router.navigate(1)).toThrow(/stateless environment/)
})

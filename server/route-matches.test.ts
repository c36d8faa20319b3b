import router from '@remix-run/router'
import type { AgnosticRouteObject } from '@remix-run/router'
import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import { afterAll, describe, expect, test } from 'vitest'
import { installRouteMatches, rememberingMatchRoutes } from './route-matches'

/** A tree shaped like the app's: pathless layouts, index routes, params, splats, dots, options. */
function tree(): AgnosticRouteObject[] {
  return [
    {
      id: 'root',
      path: '',
      children: [
        {
          id: 'routes/_app',
          children: [
            { id: 'routes/_app.activeProducts', path: 'activeProducts' },
            { id: 'routes/_app.view.$pId', path: 'view/:pId' },
            { id: 'routes/_app.orders._index', path: 'orders', index: true },
            { id: 'routes/_app.orders.view.$orderId', path: 'orders/view/:orderId' },
            { id: 'routes/_app.all.$scope', path: 'all/:scope' },
            { id: 'routes/_app.all.order', path: 'all/order' },
            { id: 'routes/_app.lang', path: ':lang?/help' },
            { id: 'routes/_app.Exact', path: 'Exact', caseSensitive: true },
          ],
        },
        {
          id: 'routes/_auth',
          children: [
            { id: 'routes/_auth._index', index: true },
            { id: 'routes/_auth.login', path: 'login' },
          ],
        },
        { id: 'routes/orderReport.export[.]csv', path: 'orderReport/export.csv' },
        {
          id: 'routes/api.v1',
          path: 'api/v1',
          children: [
            { id: 'routes/api.v1.product.$pId', path: 'product/:pId' },
            { id: 'routes/api.v1.$', path: '*' },
          ],
        },
        { id: 'routes/$', path: '*' },
      ],
    },
  ]
}

const paths = [
  '/',
  '/login',
  '/login/',
  '/activeProducts',
  '/ACTIVEPRODUCTS',
  '/view/12',
  '/view/%E4%B8%AD%20x',
  '/orders',
  '/orders/view/7',
  '/all/order',
  '/all/product',
  '/help',
  '/vi/help',
  '/Exact',
  '/exact',
  '/orderReport/export.csv',
  '/api/v1/product/9',
  '/api/v1/nothing/here',
  '/nowhere/at/all',
  '/activeProducts?page=2#row',
]

/** What a caller can see of a match list: its routes by identity and their params and paths. */
function seen(matches: ReturnType<typeof router.matchRoutes>) {
  return matches?.map((m) => ({
    route: m.route,
    params: m.params,
    pathname: m.pathname,
    pathnameBase: m.pathnameBase,
  }))
}

describe('remembered route matches', () => {
  test('answer like React Router for every path, on new copies of the tree and again', () => {
    const matchRoutes = rememberingMatchRoutes()
    for (let round = 0; round < 3; round++) {
      const routes = tree()
      for (const path of paths) {
        for (const location of [path, router.parsePath(path)]) {
          const expected = seen(router.matchRoutes(routes, location))
          expect(seen(matchRoutes(routes, location)), `${path}, round ${round}`).toEqual(expected)
          // The very route objects of the tree asked about, not those of an earlier copy.
          matchRoutes(routes, location)?.forEach((m, i) => {
            expect(m.route).toBe(expected![i]!.route)
          })
        }
      }
    }
  })

  test('a base path is part of the question', () => {
    const matchRoutes = rememberingMatchRoutes()
    const routes = tree()
    expect(seen(matchRoutes(routes, '/app/login', '/app'))).toEqual(
      seen(router.matchRoutes(routes, '/app/login', '/app')),
    )
    expect(matchRoutes(routes, '/app/login')?.at(-1)?.route.id).toBe('routes/$')
    expect(matchRoutes(routes, '/login', '/app')).toBeNull()
  })

  test('a tree of another shape is answered for itself', () => {
    const matchRoutes = rememberingMatchRoutes()
    expect(matchRoutes(tree(), '/view/1')?.at(-1)?.route.id).toBe('routes/_app.view.$pId')
    const other = tree()
    other[0]!.children![0]!.children![1]!.path = 'show/:pId'
    expect(matchRoutes(other, '/view/1')?.at(-1)?.route.id).toBe('routes/$')
  })

  test('params handed out are the caller’s own', () => {
    const matchRoutes = rememberingMatchRoutes()
    const first = matchRoutes(tree(), '/view/5')!
    ;(first[0]!.params as Record<string, string>).pId = 'changed'
    const again = matchRoutes(tree(), '/view/5')!
    expect(again.at(-1)!.params).toEqual({ pId: '5' })
    // Like React Router's, one params object is shared along the list.
    expect(again[0]!.params).toBe(again.at(-1)!.params)
  })

  test('routes without ids are answered like React Router answers them', () => {
    const matchRoutes = rememberingMatchRoutes()
    const routes = [{ path: 'a/:x' }, { path: '*' }]
    expect(seen(matchRoutes(routes, '/a/1'))).toEqual(seen(router.matchRoutes(routes, '/a/1')))
  })
})

describe("Remix's request handler goes through the installed matchRoutes", () => {
  const original = router.matchRoutes
  afterAll(() => {
    router.matchRoutes = original
  })

  /** A build of two routes: the root and a resource route answering JSON. */
  const build = {
    mode: 'production',
    entry: { module: { default: () => new Response('document') } },
    routes: {
      root: { id: 'root', path: '', module: { default: () => null } },
      'routes/hello.$name': {
        id: 'routes/hello.$name',
        parentId: 'root',
        path: 'hello/:name',
        module: {
          loader: ({ params }: { params: Record<string, string> }) =>
            Response.json({ hello: params.name }),
        },
      },
    },
    assets: { entry: { imports: [], module: '' }, routes: {}, url: '', version: '1' },
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: {},
    isSpaMode: false,
  } as unknown as ServerBuild

  test('its answers are the remembering ones, and right', async () => {
    const installed = installRouteMatches()!
    const handle = createRequestHandler(build, 'production')
    for (const name of ['ann', 'bo', 'ann']) {
      const response = await handle(new Request(`http://localhost/hello/${name}`))
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ hello: name })
    }
    // At least once per request: the handler looked it up on the package's exports.
    expect(installed.calls).toBeGreaterThanOrEqual(3)
  })
})

describe("the static handler's own matching goes through the installed matchRoutes (patches/)", () => {
  const original = router.matchRoutes
  afterAll(() => {
    router.matchRoutes = original
  })

  test('query and queryRoute answer through it, and right', async () => {
    const installed = installRouteMatches()!
    const handler = router.createStaticHandler([
      {
        id: 'root',
        path: '/',
        loader: () => 'root',
        children: [
          { id: 'hello', path: 'hello/:name', loader: ({ params }) => String(params.name) },
        ],
      },
    ])
    const context = await handler.query(new Request('http://localhost/hello/ann'))
    expect(installed.calls).toBe(1)
    expect(context).toMatchObject({ loaderData: { root: 'root', hello: 'ann' } })
    const answer = await handler.queryRoute(new Request('http://localhost/hello/bo'))
    expect(installed.calls).toBe(2)
    expect(answer).toBe('bo')
  })
})

/**
 * Remembers which routes match a path. React Router's `matchRoutes` flattens and ranks the whole
 * route tree (about a hundred routes here) and compiles a pattern per route on every call, and
 * Remix calls it four times per page: to pick the handler, in its data router, in the render and
 * for the page's route manifest. Two of those get a new copy of the tree for every request, so
 * the answer is remembered by the tree's shape (each route's id, path, index and case flag) and
 * the path, and handed back with the route objects of the tree that was asked about.
 *
 * The package's own callers look `matchRoutes` up on its exports at each call, so installing this
 * once per process covers them; `route-matches.test.ts` checks it answers exactly like the original.
 */
import router from '@remix-run/router'
import type { AgnosticRouteObject, AgnosticRouteMatch, Location } from '@remix-run/router'

type Route = AgnosticRouteObject
type Remembered = {
  ids: string[]
  params: Record<string, string | undefined>
  pathnames: string[]
  pathnameBases: string[]
}

/** Paths remembered per process; a full map starts again (ids in paths make it open-ended). */
const MAX_REMEMBERED = 2000
const original = router.matchRoutes

/** The remembering `matchRoutes`; `calls` counts its answers (the test that Remix uses it). */
export function rememberingMatchRoutes(): typeof router.matchRoutes & { calls: number } {
  const remembered = new Map<string, Remembered | null>()
  const matchRoutes: typeof router.matchRoutes = (routes, locationArg, basename = '/') => {
    remembering.calls++
    const byId = new Map<string, Route>()
    const shape = shapeOf(routes as Route[], byId)
    const pathname =
      typeof locationArg === 'string'
        ? router.parsePath(locationArg).pathname
        : (locationArg as Partial<Location>).pathname
    if (shape === null || pathname === undefined) return original(routes, locationArg, basename)
    const key = `${basename}\u0000${pathname}\u0000${shape}`
    const known = remembered.get(key)
    if (known === null) return null
    if (known !== undefined) {
      const params = { ...known.params }
      return known.ids.map((id, i) => ({
        params,
        pathname: known.pathnames[i]!,
        pathnameBase: known.pathnameBases[i]!,
        route: byId.get(id)!,
      })) as AgnosticRouteMatch<string, never>[]
    }
    const matches = original(routes, locationArg, basename)
    if (remembered.size >= MAX_REMEMBERED) remembered.clear()
    remembered.set(
      key,
      matches && {
        ids: matches.map((m) => m.route.id!),
        params: { ...matches[0]?.params },
        pathnames: matches.map((m) => m.pathname),
        pathnameBases: matches.map((m) => m.pathnameBase),
      },
    )
    return matches
  }
  const remembering = Object.assign(matchRoutes, { calls: 0 })
  return remembering
}

/** The tree's shape as a string, filling `byId`; null when a route has no id or ids repeat. */
function shapeOf(routes: Route[], byId: Map<string, Route>): string | null {
  let shape = ''
  for (const route of routes) {
    if (route.id === undefined || byId.has(route.id)) return null
    byId.set(route.id, route)
    shape += `${route.id}|${route.path ?? ''}|${route.index ? 1 : 0}${route.caseSensitive ? 1 : 0}`
    if (route.children?.length) {
      const children = shapeOf(route.children, byId)
      if (children === null) return null
      shape += `(${children})`
    }
    shape += ','
  }
  return shape
}

/**
 * Installs the remembering `matchRoutes` for this process (server/app.ts). `npm run bench` starts
 * a second server with BENCH_ROUTE_MATCHES=original to measure React Router's own beside it.
 */
export function installRouteMatches() {
  if (process.env.BENCH_ROUTE_MATCHES === 'original') return undefined
  const installed = rememberingMatchRoutes()
  router.matchRoutes = installed
  return installed
}

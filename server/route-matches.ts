/**
 * Remembers which routes match a path. React Router's `matchRoutes` flattens and ranks the whole
 * route tree (about a hundred routes here) and compiles a pattern per route on every call, and
 * Remix calls it four times per page: to pick the handler, in its data router, in the render and
 * for the page's route manifest. Two of those get a new copy of the tree for every request, so
 * the answer is remembered by the tree's shape (each route's id, path, index and case flag) and
 * the path, and handed back with the route objects of the tree that was asked about. The shape is
 * found by comparing the tree with those seen before, not by writing it out: that string and a
 * map of the routes by id were 90 KB of garbage a request (a sampling heap profile).
 *
 * The package's own callers look `matchRoutes` up on its exports at each call, so installing this
 * once per process covers them; `route-matches.test.ts` checks it answers exactly like the original.
 */
import router from '@remix-run/router'
import type { AgnosticRouteObject, AgnosticRouteMatch, Location } from '@remix-run/router'

type Route = AgnosticRouteObject
type Remembered = {
  /** Each match's place among its parent's children (the first's among the tree's routes). */
  places: number[]
  params: Record<string, string | undefined>
  pathnames: string[]
  pathnameBases: string[]
}

/** Paths remembered per process; a full map starts again (ids in paths make it open-ended). */
const MAX_REMEMBERED = 2000
/** Trees of different shapes remembered; Remix asks about one or two. */
const MAX_SHAPES = 16
const NO_ROUTES: Route[] = []
const original = router.matchRoutes

/** The remembering `matchRoutes`; `calls` counts its answers (the test that Remix uses it). */
export function rememberingMatchRoutes(): typeof router.matchRoutes & { calls: number } {
  const remembered = new Map<string, Remembered | null>()
  // The first tree of each shape seen. A tree asked about is compared with these, route by
  // route, without building anything: Remix asks with a new copy for every request.
  const shapes: Route[][] = []
  const matchRoutes: typeof router.matchRoutes = (routes, locationArg, basename = '/') => {
    remembering.calls++
    const tree = routes as Route[]
    const shape = shapeOf(tree, shapes)
    const pathname =
      typeof locationArg === 'string'
        ? router.parsePath(locationArg).pathname
        : (locationArg as Partial<Location>).pathname
    if (shape === -1 || pathname === undefined) return original(routes, locationArg, basename)
    const key = `${shape}\u0000${basename}\u0000${pathname}`
    const known = remembered.get(key)
    if (known === null) return null
    if (known !== undefined) {
      const params = { ...known.params }
      let level = tree
      return known.places.map((place, i) => {
        const route = level[place]!
        level = route.children ?? NO_ROUTES
        return {
          params,
          pathname: known.pathnames[i]!,
          pathnameBase: known.pathnameBases[i]!,
          route,
        }
      }) as AgnosticRouteMatch<string, never>[]
    }
    const matches = original(routes, locationArg, basename)
    const places = matches ? placesOf(tree, matches) : []
    if (places === null) return matches
    if (remembered.size >= MAX_REMEMBERED) remembered.clear()
    remembered.set(
      key,
      matches && {
        places,
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

/**
 * The tree's shape: the index among `shapes` of a tree with the same routes (each route's id,
 * path, index and case flag, and its children alike), adding it when new; -1 when there are too
 * many shapes to remember. A match is remembered by its routes' places in the tree, so routes
 * need no ids of their own.
 */
function shapeOf(tree: Route[], shapes: Route[][]): number {
  const known = shapes.findIndex((shape) => sameShape(shape, tree))
  if (known !== -1) return known
  if (shapes.length >= MAX_SHAPES) return -1
  return shapes.push(tree) - 1
}

function sameShape(a: Route[], b: Route[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!
    const y = b[i]!
    if (
      x.id !== y.id ||
      (x.path ?? '') !== (y.path ?? '') ||
      !x.index !== !y.index ||
      !x.caseSensitive !== !y.caseSensitive ||
      !sameShape(x.children ?? NO_ROUTES, y.children ?? NO_ROUTES)
    )
      return false
  }
  return true
}

/** Where each match's route sits in the tree (null if one is not where a branch would be). */
function placesOf(tree: Route[], matches: AgnosticRouteMatch<string, Route>[]): number[] | null {
  const places: number[] = []
  let level = tree
  for (const match of matches) {
    const place = level.indexOf(match.route)
    if (place === -1) return null
    places.push(place)
    level = match.route.children ?? NO_ROUTES
  }
  return places
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

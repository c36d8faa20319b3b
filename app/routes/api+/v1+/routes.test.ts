/**
 * The API paths as Remix matches them: the route manifest is built by remix-flat-routes exactly
 * as vite.config.ts does, and matched the way the server runtime does (the leaf match serves a
 * resource route). Paths work with and without a trailing slash.
 */
import { UNSAFE_defineRoutes as defineRoutes } from '@remix-run/dev'
import { matchRoutes } from '@remix-run/react'
import { flatRoutes } from 'remix-flat-routes'
import { expect, test } from 'vitest'

type Node = { id: string; path?: string; index?: boolean; children: Node[] }

function routeTree() {
  const manifest = flatRoutes('routes', defineRoutes, {
    ignoredRouteFiles: ['**/*.test.{ts,tsx}', '**/*.css'],
  })
  const nodes = new Map<string, Node>()
  for (const route of Object.values(manifest)) {
    nodes.set(route.id, { id: route.id, path: route.path, index: route.index, children: [] })
  }
  const root: Node = { id: 'root', path: '', children: [] }
  for (const route of Object.values(manifest)) {
    const parent = route.parentId === 'root' ? root : nodes.get(route.parentId!)
    parent!.children.push(nodes.get(route.id)!)
  }
  return [root]
}

const tree = routeTree()
const leaf = (path: string) => {
  const matches = matchRoutes(tree as Parameters<typeof matchRoutes>[0], path)
  return matches?.[matches.length - 1]?.route.id?.replace('routes/api+/v1+/', '')
}

test.each([
  ['/api/v1/product', 'product._index'],
  ['/api/v1/product/123456', 'product.$pId'],
  ['/api/v1/product/enable/123456', 'product.enable.$pId'],
  ['/api/v1/product/disable/123456', 'product.disable.$pId'],
  ['/api/v1/product/admin/enable/123456', 'product.admin.enable.$pId'],
  ['/api/v1/product/admin/disable/123456', 'product.admin.disable.$pId'],
  ['/api/v1/product/enabled', 'product.enabled'],
  ['/api/v1/product/disabled', 'product.disabled'],
  ['/api/v1/product/admin', 'product.admin._index'],
  ['/api/v1/cat', 'cat'],
  ['/api/v1/market', 'market'],
  ['/api/v1/chinese/seller', 'chinese.seller'],
  ['/api/v1/status', 'status'],
  ['/api/v1/reserve', 'reserve._index'],
  ['/api/v1/reserve/123456', 'reserve.$pId'],
  ['/api/v1/scammer', 'scammer._index'],
  ['/api/v1/scammer/12', 'scammer.$id'],
  ['/api/v1/user/pmm', 'user.pmm'],
  ['/api/v1/user/pm', 'user.pm'],
  ['/api/v1/user/all', 'user.all'],
  ['/api/v1/user/isEnable', 'user.isEnable'],
  ['/api/v1/user/isDisable', 'user.isDisable'],
  ['/api/v1/user/12', 'user.$userId'],
  ['/api/v1/user/login', 'user.login'],
  ['/api/v1/user', 'user._index'],
  ['/api/v1/nothing/here', '$'],
])('%s and %s/ are served by %s', (path, id) => {
  expect(leaf(path)).toBe(id)
  expect(leaf(`${path}/`)).toBe(id)
})

test('helpers next to the routes are not routes', () => {
  const ids = JSON.stringify(routeTree())
  expect(ids).not.toMatch(/\.server/)
})

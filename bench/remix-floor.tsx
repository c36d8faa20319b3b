/**
 * The Remix floor (issue 29, goal 3): a minimal Remix app, one route under a bare root, whose
 * loader answers a pm's first page of the catalog read once at start (from memory) and whose page
 * renders it with the app's own ProductTable, by the same Remix request handler, Express and
 * compression the app uses. What /activeProducts costs beyond this is the app's own work (the
 * session, the layout, the filters, the query).
 */
import { createRequestHandler } from '@remix-run/express'
import type { EntryContext, ServerBuild } from '@remix-run/node'
import { Outlet, RemixServer, Scripts, useLoaderData } from '@remix-run/react'
import compression from 'compression'
import express from 'express'
import { renderToString } from 'react-dom/server'
import { sql } from 'drizzle-orm'
import { db } from '../db/client'
import { users } from '../db/schema'
import { listProducts } from '../app/models/product.server'
import { ProductTable, productRows } from '../app/components/products/product-table'
import { unwrap } from '../app/core/result'

const pm = db
  .select({ id: users.id })
  .from(users)
  .where(sql`role = 'pm'`)
  .limit(1)
  .get()!
const page = productRows(unwrap(listProducts({ id: pm.id, role: 'pm' }, 'catalog', { page: 1 })))

function Root() {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>Floor</title>
      </head>
      <body>
        <Outlet />
        <Scripts />
      </body>
    </html>
  )
}

function List() {
  const data = useLoaderData<typeof page>()
  return <ProductTable caption="Products" rows={data.rows} action="reserve" />
}

function handleRequest(request: Request, status: number, headers: Headers, context: EntryContext) {
  const html = renderToString(<RemixServer context={context} url={request.url} />)
  headers.set('Content-Type', 'text/html')
  return new Response(`<!DOCTYPE html>${html}`, { status, headers })
}

const route = (id: string, extra: Record<string, unknown>) => ({
  id,
  module: `/${id}.js`,
  hasAction: false,
  hasLoader: id !== 'root',
  hasClientAction: false,
  hasClientLoader: false,
  hasErrorBoundary: false,
  imports: [],
  css: [],
  ...extra,
})

const build = {
  mode: 'production',
  entry: { module: { default: handleRequest } },
  routes: {
    root: { id: 'root', path: '', module: { default: Root } },
    list: {
      id: 'list',
      parentId: 'root',
      index: true,
      module: { default: List, loader: () => page },
    },
  },
  assets: {
    entry: { imports: [], module: '/entry.client.js' },
    routes: {
      root: route('root', { path: '' }),
      list: route('list', { parentId: 'root', index: true }),
    },
    url: '/manifest.js',
    version: 'floor',
  },
  publicPath: '/',
  assetsBuildDirectory: 'public',
  future: {},
  isSpaMode: false,
  basename: undefined,
} as unknown as ServerBuild

const app = express()
app.disable('x-powered-by')
app.use(compression())
app.all('*', createRequestHandler({ build, mode: 'production' }))
const server = app.listen(Number(process.env.PORT ?? 3402))
process.on('SIGTERM', () => server.close(() => process.exit(0)))

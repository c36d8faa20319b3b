/**
 * The Express server of one process: security headers, compression, static files, the body and
 * origin checks, and Remix. server.ts runs it once, or once per worker process.
 */
import cluster from 'node:cluster'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import v8 from 'node:v8'
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import closeWithGrace from 'close-with-grace'
import { roomToWrite } from './room'
import express from 'express'
import helmet from 'helmet'
import morgan from 'morgan'
import { startSweeper } from './bootstrap'
import { assets } from './assets'
import { responseCompression } from './compression'
import { stopBackup } from './backup'
import { requestMetrics } from './metrics'
import { operations } from './operations'
import { installRouteMatches } from './route-matches'
import { env, secureCookies } from '../app/core/env.server'
import {
  bodyLimits,
  errorHandler,
  exceptPictures,
  knownMethods,
  noStore,
  requestContext,
  sameOriginWrites,
  wellFormedUrl,
} from './security'

const isDev = env.NODE_ENV === 'development'
installRouteMatches()
// V8 lets the old generation grow to several times what is alive before it collects; a report
// promotes garbage steadily and took a process to 280 MB with 50 MB alive. Half of what is alive
// keeps it under 200 MB, for pages at no measurable cost (docs/performance.md, entry 16).
v8.setFlagsFromString('--heap-growing-percent=50')

const viteDevServer = isDev
  ? await import('vite').then((vite) => vite.createServer({ server: { middlewareMode: true } }))
  : undefined

const app = express()
app.disable('x-powered-by')
app.set('trust proxy', 'loopback')
app.use(responseCompression())
app.use(requestContext)
app.use(requestMetrics(() => build))
app.use(operations())
if (!viteDevServer) {
  app.use('/assets', assets(path.join('build', 'client', 'assets')))
  // The few files of public/ (favicon, avatar, API docs style), each at its own path: a static
  // handler at the root would look on disk for every page's URL. Like the build files they skip
  // the page policies (on the 240-byte favicon those headers were four times its size).
  const publicRoot = path.join('build', 'client')
  const publicFiles = express.static(publicRoot, {
    maxAge: '1h',
    setHeaders: (res) => {
      res.set('X-Content-Type-Options', 'nosniff')
      res.set('Cross-Origin-Resource-Policy', 'same-origin')
    },
  })
  for (const file of fs.readdirSync(publicRoot)) {
    if (file !== 'assets') app.get(`/${file}`, publicFiles)
  }
}

// A fresh nonce per request for the inline scripts Remix renders.
app.use((_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString('base64')
  next()
})
app.use(
  exceptPictures(
    helmet({
      xPoweredBy: false,
      referrerPolicy: { policy: 'same-origin' },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: secureCookies,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          connectSrc: isDev ? ["'self'", 'ws:'] : ["'self'"],
          fontSrc: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          objectSrc: ["'none'"],
          scriptSrc: [
            "'self'",
            (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
          ],
          scriptSrcAttr: ["'none'"],
          styleSrc: isDev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
          upgradeInsecureRequests: secureCookies ? [] : null,
        },
      },
    }),
  ),
)

// Method, path, status, time and request id only: no bodies, headers, passwords or tokens. With
// logging off (LOG_REQUESTS=0) no logger is installed at all.
if (process.env.LOG_REQUESTS !== '0') {
  morgan.token('id', (_req, res) => (res as express.Response).locals.requestId as string)
  app.use(
    morgan(':method :url :status :res[content-length] - :response-time ms [:id]', {
      skip: (req, res) =>
        res.statusCode < 400 &&
        (req.url.startsWith('/assets/') || req.url.startsWith('/resources/pictures/')),
    }),
  )
}

if (viteDevServer) app.use(viteDevServer.middlewares)

app.use(knownMethods, wellFormedUrl, noStore, sameOriginWrites, bodyLimits)

const build = viteDevServer
  ? () => viteDevServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>
  : ((await import(path.resolve('build/server/index.js'))) as ServerBuild)

app.all(
  '*',
  createRequestHandler({
    build,
    mode: env.NODE_ENV,
    getLoadContext: (_req, res) => ({
      cspNonce: res.locals.cspNonce as string,
      requestId: res.locals.requestId as string,
      room: () => roomToWrite(res, env.EXPORT_STALL_SECONDS * 1000),
    }),
  }),
)
app.use(errorHandler)

const server = app.listen(env.PORT, () => {
  if (cluster.isPrimary)
    console.log(`Server listening on http://localhost:${env.PORT} (data in ${env.DATA_DIR})`)
})
// With several processes the primary sweeps (server/cluster.ts).
const stopSweeper = cluster.isPrimary ? startSweeper() : () => {}

closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) console.error(err)
  stopSweeper()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await viteDevServer?.close()
  const { closeDb } = await import('../db/client')
  closeDb()
  if (cluster.isPrimary) await stopBackup()
})

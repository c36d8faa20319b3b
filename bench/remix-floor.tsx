/**
 * The Remix floor (issue 29, goal 3): the app's own build (root, layout and route components,
 * entry.server, Remix's request handler, route matching as the app's server installs it) behind
 * Express and compression only, each loader answering from memory what it answered the first time.
 * What the app's page costs beyond this is its own work: the session and the list's queries, the
 * place the list remembers, the headers middleware (helmet, the request checks, metrics).
 *
 * With WEB_CONCURRENCY over 1 it runs that many processes on the port, as the app's cluster does,
 * so that the open loop and the views (BENCH_ONLY=open-loop, views) can send the same requests to
 * both side by side: the same pages at the same rate without the app's own work.
 */
import cluster from 'node:cluster'
import path from 'node:path'
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import express from 'express'
import { responseCompression } from '../server/compression'
import { installRouteMatches } from '../server/route-matches'

const processes = Number(process.env.WEB_CONCURRENCY ?? 1)
if (cluster.isPrimary && processes > 1) {
  for (let i = 0; i < processes; i++) cluster.fork()
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM')
    process.exit(0)
  })
} else {
  await serve()
}

async function serve() {
  // React Router's route matching as the app's server has it (entry 10): framework, not app work.
  installRouteMatches()
  const build = (await import(path.resolve('build/server/index.js'))) as ServerBuild

  type Loader = (args: { request: Request }) => unknown
  // Each loader's first answer per URL and user (their session's cookie), kept (a Response is kept
  // unread and answered as a clone).
  const answers = new Map<string, unknown>()
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const loader = route.module.loader as Loader | undefined
      if (!loader) return [id, route]
      const fromMemory: Loader = async (args) => {
        const key = `${id} ${args.request.url} ${args.request.headers.get('cookie')}`
        if (!answers.has(key)) answers.set(key, await loader(args))
        const answer = answers.get(key)
        return answer instanceof Response ? answer.clone() : answer
      }
      return [id, { ...route, module: { ...route.module, loader: fromMemory } }]
    }),
  )

  const app = express()
  app.disable('x-powered-by')
  // The app's compression (server/app.ts); its pages come compressed from entry.server already.
  app.use(responseCompression())
  app.use('/assets', express.static(path.join('build', 'client', 'assets')))
  app.all(
    '*',
    createRequestHandler({
      build: { ...build, routes } as ServerBuild,
      mode: 'production',
      getLoadContext: () => ({ cspNonce: '', requestId: 'floor', room: async () => {} }),
    }),
  )
  const server = app.listen(Number(process.env.PORT ?? 3402))
  process.on('SIGTERM', () => server.close(() => process.exit(0)))
}

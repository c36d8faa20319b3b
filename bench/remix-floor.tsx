/**
 * The Remix floor (issue 29, goal 3): the app's own build (root, layout and route components,
 * entry.server, Remix's request handler) behind Express and compression only, each loader
 * answering from memory what it answered the first time. What the app's page costs beyond this is
 * its own work: the session and the list's queries, the place the list remembers, the headers
 * middleware (helmet, the request checks, metrics).
 */
import path from 'node:path'
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import express from 'express'
import { responseCompression } from '../server/compression'

const build = (await import(path.resolve('build/server/index.js'))) as ServerBuild

type Loader = (args: { request: Request }) => unknown
// Each loader's first answer per URL, kept (a Response is kept unread and answered as a clone).
const answers = new Map<string, unknown>()
const routes = Object.fromEntries(
  Object.entries(build.routes).map(([id, route]) => {
    const loader = route.module.loader as Loader | undefined
    if (!loader) return [id, route]
    const fromMemory: Loader = async (args) => {
      const key = `${id} ${args.request.url}`
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

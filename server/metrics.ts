/**
 * Prometheus metrics (`GET /metrics`, only with METRICS_TOKEN as a bearer token). Each process
 * serving requests counts its requests by route id and status, with their durations, and
 * prom-client's default figures (event-loop lag among them); the primary adds the state of the
 * machine (database and WAL size, backup lag, pictures waiting) and, with several processes, sums
 * every worker's figures through prom-client's AggregatorRegistry before answering.
 */
import cluster from 'node:cluster'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import router, { type AgnosticRouteObject } from '@remix-run/router'
import type { ServerBuild } from '@remix-run/node'
import type { NextFunction, Request, Response } from 'express'
import client from 'prom-client'
import { dataDir } from '../db/client'
import { answerWorkers, askPrimary } from '../app/core/ask-primary.server'
import { env } from '../app/core/env.server'
import { backupEnabled, backupStatus } from '../app/core/backup.server'

export const METRICS_MESSAGES = {
  unauthorized: 'A valid metrics token is required.',
  unavailable: 'Metrics are not available right now.',
} as const

/** In a process that serves requests: its own request figures, ready to be summed by the primary. */
export function requestMetrics(build: () => ServerBuild | (() => unknown)) {
  const registry = client.register
  client.collectDefaultMetrics({ register: registry })
  const labelNames = ['route', 'status'] as const
  const requests = new client.Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by route id and status.',
    labelNames,
  })
  const durations = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route id and status.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  })
  // A worker answers the primary's requests for its figures (prom-client's cluster messages).
  if (cluster.isWorker) new client.AggregatorRegistry()
  let tree: AgnosticRouteObject[] | undefined
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint()
    res.once('finish', () => {
      const current = build()
      tree ??= typeof current === 'function' ? undefined : routeTree(current)
      const labels = { route: routeLabel(tree, req.path), status: String(res.statusCode) }
      requests.inc(labels)
      durations.observe(labels, Number(process.hrtime.bigint() - started) / 1e9)
    })
    next()
  }
}

/** In the primary: the machine's figures, and the answer to a worker's request for all figures. */
export function stateMetrics() {
  const registry = new client.Registry()
  const size = (file: string) => {
    try {
      return fs.statSync(path.join(dataDir(), file)).size
    } catch {
      return 0
    }
  }
  // A figure that is not known right now (no backup state yet) is left as it was.
  const gauge = (name: string, help: string, value: () => Promise<number | undefined> | number) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const figure = await value()
        if (figure !== undefined) this.set(figure)
      },
    })
  gauge('app_database_bytes', 'Size of the database file.', () => size('app.db'))
  gauge('app_database_wal_bytes', 'Size of the database write-ahead log.', () => size('app.db-wal'))
  if (backupEnabled()) {
    gauge(
      'app_backup_lag_seconds',
      'Age of the oldest write not yet in the backup replica.',
      async () => (await backupStatus())?.lagSeconds,
    )
    gauge(
      'app_backup_pictures_pending',
      'Picture files waiting to be copied to the backup.',
      async () => (await backupStatus())?.picturesPending,
    )
  }
  const aggregator = new client.AggregatorRegistry()
  answerWorkers('metrics', async () => {
    // With workers, theirs summed; with one process, this process's own request figures.
    const serving = Object.keys(cluster.workers ?? {}).length
      ? await aggregator.clusterMetrics()
      : await client.register.metrics()
    return `${serving.trimEnd()}\n${await registry.metrics()}`
  })
}

/** GET /metrics: 404 without METRICS_TOKEN set, 401 without it as the bearer token. */
export async function metricsEndpoint(req: Request, res: Response) {
  const token = env.METRICS_TOKEN
  res.set('Cache-Control', 'no-store')
  if (!token) return res.status(404).json({ success: false, message: 'Not found.' })
  const given = /^Bearer\s+(.+)$/i.exec(req.get('Authorization') ?? '')?.[1] ?? ''
  const a = crypto.createHash('sha256').update(given).digest()
  const b = crypto.createHash('sha256').update(token).digest()
  if (!given || !crypto.timingSafeEqual(a, b)) {
    return res
      .status(401)
      .set('WWW-Authenticate', 'Bearer')
      .json({ success: false, message: METRICS_MESSAGES.unauthorized })
  }
  const text = await askPrimary<string>('metrics', 8000)
  if (text === undefined) {
    return res.status(503).json({ success: false, message: METRICS_MESSAGES.unavailable })
  }
  res.type(client.register.contentType).send(text)
}

/** The route tree of the Remix build, for naming a request by the id of the route it matched. */
function routeTree(build: ServerBuild): AgnosticRouteObject[] {
  const children = new Map<string | undefined, AgnosticRouteObject[]>()
  for (const route of Object.values(build.routes)) {
    const list = children.get(route.parentId) ?? []
    list.push({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
    } as AgnosticRouteObject)
    children.set(route.parentId, list)
  }
  const attach = (routes: AgnosticRouteObject[]): AgnosticRouteObject[] =>
    routes.map((r) => {
      const below = children.get(r.id)
      return below ? ({ ...r, children: attach(below) } as AgnosticRouteObject) : r
    })
  return attach(children.get(undefined) ?? [])
}

function routeLabel(tree: AgnosticRouteObject[] | undefined, pathname: string) {
  if (pathname.startsWith('/assets/')) return 'assets'
  if (['/healthz', '/readyz', '/metrics'].includes(pathname)) return pathname.slice(1)
  if (!tree) return 'remix'
  // A page's `.data` (Remix's single fetch) counts as its page.
  const page = pathname.endsWith('.data')
    ? pathname.slice(0, -5).replace(/^\/_root$/, '/')
    : pathname
  return router.matchRoutes(tree, page)?.at(-1)?.route.id ?? 'unmatched'
}

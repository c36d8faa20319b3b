import { freshDir, sparePort, startServer, type Server } from './servers'
import { expect, runOnce, series, test } from './utils'

const TOKEN = 'metrics-token-for-the-test'

async function metrics(server: Server) {
  const res = await server.api.get('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } })
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toContain('text/plain')
  return res.text()
}

test.describe('health, readiness and metrics', () => {
  // One server for the three tests.
  test.describe.configure({ mode: 'serial' })
  runOnce()
  let server: Server

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    server = await startServer({
      port: sparePort(2),
      dataDir: freshDir('operations-data'),
      env: { METRICS_TOKEN: TOKEN },
    })
  })
  test.afterAll(async () => {
    await server?.kill('SIGTERM')
  })

  test('/healthz and /readyz answer for load balancers', async () => {
    const health = await server.api.get('/healthz')
    expect(health.status()).toBe(200)
    expect(await health.json()).toEqual({ status: 'ok' })
    const ready = await server.api.get('/readyz')
    expect(ready.status()).toBe(200)
    expect(await ready.json()).toEqual({ status: 'ready', problems: [], backup: null })
  })

  test('/metrics refuses a request without the token', async () => {
    const refused: Array<Record<string, string>> = [
      {},
      { Authorization: 'Bearer wrong' },
      { Authorization: TOKEN },
    ]
    for (const headers of refused) {
      const res = await server.api.get('/metrics', { headers })
      expect(res.status()).toBe(401)
      expect(await res.json()).toEqual({
        success: false,
        message: 'A valid metrics token is required.',
      })
    }
  })

  test('/metrics sums every worker’s requests, and its numbers move', async () => {
    const login = '{route="routes/_auth+/login",status="200"}'
    const before = await metrics(server)
    expect(before).toContain('# TYPE http_request_duration_seconds histogram')
    expect(before).toContain('nodejs_eventloop_lag_seconds')
    expect(series(before, 'app_database_bytes')).toBeGreaterThan(0)
    // Each on a new connection: the cluster hands connections to its workers in turn.
    // A page's `.data` counts as the page.
    const REQUESTS = 6
    for (let i = 0; i < REQUESTS; i++) {
      const res = await server.api.get(i % 2 ? '/login' : '/login.data', {
        headers: { Connection: 'close' },
      })
      expect(res.status()).toBe(200)
    }
    const after = await metrics(server)
    expect(
      series(after, 'http_requests_total', login) - series(before, 'http_requests_total', login),
    ).toBe(REQUESTS)
    expect(
      series(after, 'http_request_duration_seconds_count', login) -
        series(before, 'http_request_duration_seconds_count', login),
    ).toBe(REQUESTS)
  })
})

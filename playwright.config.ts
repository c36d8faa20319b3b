import path from 'node:path'
import { defineConfig } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 3210)
const DATA_DIR = `e2e/.artifacts/data-${PORT}`
export const E2E_METRICS_TOKEN = 'e2e-metrics-token'
// The workers load this file too: their fixtures (e2e/utils.ts) write test data straight into the
// server's database through server/factories.ts, so they open the same file.
process.env.DATA_DIR = path.resolve(import.meta.dirname, DATA_DIR)

/**
 * Runs every spec twice: with JavaScript on and with JavaScript off, against the built server on
 * a fresh database (demo data seeded), in Debian's Chromium.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: './e2e/.artifacts/results',
  fullyParallel: true,
  workers: 2,
  // One more attempt for a test that failed: on this shared two-core machine a step can miss its
  // 7 s now and then while other specs start servers of their own. A test that passes on the
  // retry is listed as flaky in the summary with its first failure (and .ci/run prints the page
  // each failure showed), so it is seen and fixed, not hidden; one that fails twice fails the run.
  retries: 1,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'off',
    // The service worker (decision 103) stays out of the specs but its own
    // (e2e/offline-pages.spec.ts allows it): page.route does not see what a worker fetches, and
    // specs that hold or count the app's requests rely on it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'js', use: { javaScriptEnabled: true } },
    { name: 'no-js', use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: `rm -rf ${DATA_DIR} && node server-build/server.js`,
    url: `http://localhost:${PORT}/login`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      DATA_DIR,
      SEED_DEMO: '1',
      LOG_REQUESTS: '0',
      // What the server answered, for the specs that must know (offline-pages: a 304).
      METRICS_TOKEN: E2E_METRICS_TOKEN,
    },
  },
})

import os from 'node:os'
import { defineConfig } from 'vitest/config'
import tsconfigPaths from 'vite-tsconfig-paths'

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'db/**/*.test.ts', 'server/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./tests/global-setup.ts'],
    setupFiles: ['./tests/setup-db.ts'],
    pool: 'forks',
    // Files run side by side: each has its own database (tests/setup-db.ts), temporary files are
    // named by process and servers listen on port 0. Vitest's default of one worker per core
    // but one meant a single worker, one file at a time, on a two-core machine.
    fileParallelism: true,
    maxWorkers: Math.max(2, os.availableParallelism()),
    // Slack, not a goal: a test that waits on a busy machine still passes (speed is npm run bench).
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
})

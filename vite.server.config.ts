import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'

/**
 * Compiles the Express server (server.ts and what it imports from db/ and app/) to plain
 * JavaScript in server-build/, so production runs on Node alone: running the TypeScript through
 * tsx costs a loader thread and ~36 MB of memory for the life of the process. Packages stay
 * external; the Remix build (build/) is loaded at run time.
 */
export default defineConfig({
  plugins: [tsconfigPaths()],
  build: {
    ssr: true,
    // The backup's picture copier and the bulk changes (decision 104) run in threads of their
    // own, each started from its own file.
    rollupOptions: {
      input: {
        server: 'server.ts',
        'picture-copier': 'server/picture-copier.ts',
        'bulk-thread': 'app/models/bulk-thread.worker.ts',
      },
      output: { entryFileNames: '[name].js' },
    },
    outDir: 'server-build',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    copyPublicDir: false,
  },
  logLevel: 'warn',
})

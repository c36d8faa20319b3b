import { vitePlugin as remix } from '@remix-run/dev'
import { flatRoutes } from 'remix-flat-routes'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

export default defineConfig({
  build: { target: 'es2022', cssMinify: true },
  server: { hmr: { port: 24678 } },
  plugins: [
    remix({
      ignoredRouteFiles: ['**/*'],
      serverModuleFormat: 'esm',
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: false,
      },
      routes: async (defineRoutes) =>
        flatRoutes('routes', defineRoutes, {
          ignoredRouteFiles: ['**/*.test.{ts,tsx}', '**/*.css'],
        }),
    }),
    tsconfigPaths(),
  ],
})

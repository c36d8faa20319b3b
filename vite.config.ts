import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { vitePlugin as remix } from '@remix-run/dev'
import { flatRoutes } from 'remix-flat-routes'
import { defineConfig, type Plugin, type Rollup } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

const APP_DIR = path.resolve('app') + path.sep

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    target: 'es2022',
    cssMinify: true,
    // SOURCEMAP=1 npm run build: source maps for the browser build, to see what a chunk holds.
    sourcemap: !isSsrBuild && process.env.SOURCEMAP === '1',
    // Terser for the browser (the React chunk: 69.6 KB brotli, against 73.0 KB from esbuild); the
    // server's code stays readable.
    minify: isSsrBuild ? false : 'terser',
    terserOptions: {
      module: true,
      compress: { passes: 2, pure_getters: true },
      format: { comments: false },
    },
    rollupOptions: {
      // The app's own modules do nothing when imported (package.json's "sideEffects": false, which
      // Rollup applies to packages only). So a module the browser build imports only for what it
      // then drops (a form the server renders, its zod schemas) is dropped whole.
      treeshake: { moduleSideEffects: (id) => !id.startsWith(APP_DIR) },
      output: isSsrBuild ? {} : { manualChunks: sharedChunk },
      // A resource or API route has no browser code: its empty chunk is expected, not news.
      onwarn(warning, warn) {
        if (warning.code !== 'EMPTY_BUNDLE') warn(warning)
      },
    },
  },
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
    precompress(),
  ],
}))

const ROUTES_DIR = path.join(APP_DIR, 'routes') + path.sep
const FORM_LIBRARIES = /node_modules\/(zod|@conform-to)\//
/** The charts' code (decision record 102): only the pages with a chart load it. */
const CHARTS_DIR = path.join(APP_DIR, 'components/charts/')

/**
 * Modules given their chunk by hand (docs/performance.md, entries 26, 43 and 45), each a request
 * saved where the general rule below would leave it alone:
 * - `forms`: the browser's form code (the form hook, its controls, the zod-free checks), fetched
 *   with the first form a page shows, in one chunk, not with every page; with it the product ID's
 *   check, which every reserve form and the new-order form ask (0.2 KB that was a request of its
 *   own, 0.6 KB with its headers);
 * - `upload-form`: the order checks ride with the upload form: the two order forms (the new
 *   order, the order's edit) use both, and the other upload forms are small;
 * - `app` (the shared chunk): the late reservations (0.4 KB), which both dashboards, Reservations
 *   and the new-order form show; a request of their own cost each of them as much as the code.
 */
const CHUNK_BY_HAND = new Map(
  (
    [
      ['components/forms/use-app-form.ts', 'forms'],
      ['components/forms/fields.tsx', 'forms'],
      ['validation/check.ts', 'forms'],
      ['validation/invisible.ts', 'forms'],
      ['validation/product-id.checks.ts', 'forms'],
      ['components/forms/upload-form.tsx', 'upload-form'],
      ['validation/order.checks.ts', 'upload-form'],
      ['components/reservations/late-reservations.tsx', 'app'],
    ] as const
  ).map(([file, chunk]) => [path.join(APP_DIR, file), chunk]),
)
const FORM_KIT = [...CHUNK_BY_HAND].filter(([, chunk]) => chunk === 'forms').map(([id]) => id)

/** Whether a module, or anything it imports (statically), is form code. */
function importsFormCode(
  id: string,
  meta: Rollup.ManualChunkMeta,
  seen = new Set<string>(),
): boolean {
  if (FORM_LIBRARIES.test(id) || FORM_KIT.includes(id)) return true
  if (seen.has(id)) return false
  seen.add(id)
  return (meta.getModuleInfo(id)?.importedIds ?? []).some((i) => importsFormCode(i, meta, seen))
}

/**
 * One chunk for the app's shared modules (components, hooks, utilities) that no form code rides
 * along with, instead of a chunk of a few hundred bytes per module and per set of routes using
 * it: each request costs ~370 bytes of headers, and one larger file compresses better. The form
 * code is one more such chunk of its own.
 */
const sharedChunk: Rollup.GetManualChunk = (id, meta) => {
  // Vite's helper for lazy imports: a few hundred bytes that every page loads.
  if (id.includes('vite/preload-helper')) return 'app'
  const byHand = CHUNK_BY_HAND.get(id)
  if (byHand) return byHand
  if (id.startsWith(CHARTS_DIR)) return 'charts'
  // The lists' filter definitions (a few hundred bytes each, the products' and the reservations'):
  // one request for the lists that use them, instead of one each.
  if (/\/components\/[\w-]+\/[\w-]+-filters\.ts$/.test(id)) return 'list-filters'
  if (!id.startsWith(APP_DIR) || id.startsWith(ROUTES_DIR)) return undefined
  if (onlyLazy(id, meta)) return undefined
  if (importsFormCode(id, meta)) return undefined
  return onEveryPage(id, meta) || routesOf(id, meta).size >= SHARED_BY ? 'app' : undefined
}

/**
 * A module outside the signed-in shell rides in the shared chunk only when at least this many
 * routes import it (the lists' filters, pagination, `clientLazy`); one that fewer routes use (the
 * typed-ID reserve form, the late reservations, the upload form, the users' list) is left to
 * Rollup, which puts it in a chunk those routes load: the other pages no longer pay for it.
 */
const SHARED_BY = 7

/** The modules every page loads: what the browser's entry, the root and the signed-in layout import. */
const EVERY_PAGE_ROOTS = ['entry.client.tsx', 'root.tsx', 'routes/_app+/_layout.tsx'].map((file) =>
  path.join(APP_DIR, file),
)
let everyPage: Set<string> | undefined
function onEveryPage(id: string, meta: Rollup.ManualChunkMeta) {
  if (!everyPage) {
    everyPage = new Set()
    const queue = [...EVERY_PAGE_ROOTS]
    while (queue.length) {
      const next = queue.pop()!
      if (everyPage.has(next)) continue
      everyPage.add(next)
      const imports = meta.getModuleInfo(next)?.importedIds ?? []
      queue.push(...imports.filter((i) => i.startsWith(APP_DIR)))
    }
  }
  return everyPage.has(id)
}

const routeSets = new Map<string, Set<string>>()
/** The entries (route modules) that import a module statically, directly or through others. */
function routesOf(id: string, meta: Rollup.ManualChunkMeta): Set<string> {
  const known = routeSets.get(id)
  if (known) return known
  const routes = new Set<string>()
  routeSets.set(id, routes)
  const info = meta.getModuleInfo(id)
  if (info?.isEntry) routes.add(id)
  for (const importer of info?.importers ?? []) {
    for (const route of routesOf(importer, meta)) routes.add(route)
  }
  return routes
}

/**
 * Whether a module is only ever imported lazily (`import()`), or only by such modules: it keeps a
 * chunk of its own, fetched when asked for (the picture code, once a picture is chosen), instead
 * of riding in the shared chunk every page loads.
 */
function onlyLazy(id: string, meta: Rollup.ManualChunkMeta, seen = new Set<string>()): boolean {
  const info = meta.getModuleInfo(id)
  if (!info || info.isEntry || seen.has(id)) return false
  seen.add(id)
  if (info.importers.length === 0) return info.dynamicImporters.length > 0
  return info.importers.every((importer) => onlyLazy(importer, meta, seen))
}

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside each script and
 * stylesheet of the browser build, served by server/assets.ts: compressed once at the highest
 * level instead of per request at a fast one (the React chunk: 73 KB instead of 86 KB).
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      if (this.environment.config.consumer !== 'client' || !options.dir) return
      for (const name of Object.keys(bundle).filter((n) => /\.(js|css)$/.test(n))) {
        const file = path.join(options.dir, name)
        const data = fs.readFileSync(file)
        const params = {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        }
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params }))
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }))
      }
    },
  }
}

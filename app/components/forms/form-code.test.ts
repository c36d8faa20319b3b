import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

/*
 * The browser never gets zod or Conform (docs/decisions: client-validate-light-checks): every form
 * a page loads through clientLazy, and everything it imports, checks with the zod-free
 * `*.checks.ts`. Type imports do not count (they are gone from the build).
 */

const APP = path.resolve(import.meta.dirname, '../..')
const LIBRARIES = /^(zod|@conform-to\/)/

/**
 * Tables a page loads through clientLazy too (Active Products' list tabs). They are not forms, and
 * other pages import them statically: their list code reaches the list schemas only for the
 * server's `readUrlStep` (components/list/url-step.ts), which the browser build drops as it does
 * on those pages. That same import keeps them out of the chunk every page loads (vite.config.ts
 * `sharedChunk`), so it stays.
 */
const LAZY_TABLES = [
  'components/products/product-table.tsx',
  'components/reservations/reservation-table.tsx',
]

/** The forms pages load through `clientLazy(() => import('...'))`. */
function lazyForms() {
  const found: string[] = []
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(file)
      else if (/\.tsx?$/.test(entry.name)) {
        const source = fs.readFileSync(file, 'utf8')
        for (const [, spec] of source.matchAll(/clientLazy\(\s*\(\) =>\s*import\('([^']+)'\)/g)) {
          found.push(resolve(file, spec!)!)
        }
      }
    }
  }
  walk(path.join(APP, 'routes'))
  return found.filter((file) => !LAZY_TABLES.includes(path.relative(APP, file)))
}

function resolve(from: string, spec: string) {
  const base = spec.startsWith('~/')
    ? path.join(APP, spec.slice(2))
    : spec.startsWith('.')
      ? path.resolve(path.dirname(from), spec)
      : undefined
  if (!base) return undefined
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((ext) => base + ext)
    .find((file) => fs.existsSync(file) && fs.statSync(file).isFile())
}

/** The packages a module and its (value) imports bring, with the chain that brings each. */
function librariesOf(file: string, seen = new Set<string>(), chain: string[] = []): string[] {
  if (seen.has(file) || /\.server\.tsx?$/.test(file)) return []
  seen.add(file)
  const here = [...chain, path.relative(APP, file)]
  const source = fs.readFileSync(file, 'utf8')
  const found: string[] = []
  for (const [, kind, spec] of source.matchAll(/^import (type )?[^'"]*?from '([^']+)'/gm)) {
    if (kind) continue
    if (LIBRARIES.test(spec!)) found.push(`${here.join(' > ')} > ${spec}`)
    const next = resolve(file, spec!)
    if (next) found.push(...librariesOf(next, seen, here))
  }
  return found
}

test('the forms pages load on first use bring no zod and no Conform', () => {
  const forms = lazyForms()
  expect(forms.length).toBeGreaterThanOrEqual(8)
  expect(forms.flatMap((form) => librariesOf(form))).toEqual([])
})

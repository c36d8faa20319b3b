import fs from 'node:fs'
import path from 'node:path'
import vm from 'node:vm'
import { describe, expect, it } from 'vitest'

/* The service worker's pure rules (public/sw.js, decision 103), read from the file it runs. */
type Rules = {
  ASSETS: string
  PAGES: string
  MAX_ENTRIES: number
  pagesCacheName(owner: unknown): string | null
  kindOf(method: string, href: string, mode: string, origin: string): string | null
  keepIn(kind: string, response: Response): string | null
  signedOut(href: string, response: Response): boolean
  dataCovers(kept: string, wanted: string): boolean
  pageOfData(href: string): string
  reloadDocumentBody(href: string): string
  conditional(kind: string, request: Request, kept: Response | undefined, origin: string): Request
  takenAt(response: Response, now: number): number
}

function loadRules(): Rules {
  const self: Record<string, unknown> = { addEventListener: () => undefined }
  const source = fs.readFileSync(path.join(import.meta.dirname, '../../../public/sw.js'), 'utf8')
  vm.runInNewContext(source, { self, URL, Response, Request, Headers, Map })
  return self.swRules as Rules
}

const rules = loadRules()
const O = 'http://localhost:3000'
const OWNER = 'AbCdEfGhIjKlMnOpQrStUv'

function answer(
  status: number,
  headers: Record<string, string>,
  { type = 'basic', redirected = false } = {},
) {
  const response = new Response('x', { status, headers })
  Object.defineProperty(response, 'type', { value: type })
  Object.defineProperty(response, 'redirected', { value: redirected })
  return response
}

describe('the service worker’s rules', () => {
  it('names a cache per owner, only for a well-formed owner value', () => {
    expect(rules.pagesCacheName(OWNER)).toBe(`rd-pages-${OWNER}`)
    expect(rules.pagesCacheName(null)).toBeNull()
    expect(rules.pagesCacheName('')).toBeNull()
    expect(rules.pagesCacheName('../x')).toBeNull()
    expect(rules.pagesCacheName('a b c d e f g h')).toBeNull()
  })

  it('tells pages, data, built files, sign-ins and sign-outs apart; leaves the rest alone', () => {
    const kind = (href: string, method = 'GET', mode = 'cors') =>
      rules.kindOf(method, `${O}${href}`, mode, O)
    expect(kind('/orders?tab=add', 'GET', 'navigate')).toBe('page')
    expect(kind('/orders.data?_routes=root')).toBe('data')
    expect(kind('/_root.data')).toBe('data')
    expect(kind('/assets/entry.client-abc.js')).toBe('asset')
    expect(kind('/__manifest?p=%2Forders&version=1')).toBe('manifest')
    expect(kind('/__offline-copy')).toBe('status')
    for (const path of ['/logout', '/logout.data', '/login', '/login.data', '/register.data'])
      expect(kind(path, 'POST')).toBe('session')
    // Never kept: other writes, the sign-in pages, the API, resources, pictures and exports.
    expect(kind('/orders?tab=add', 'POST', 'navigate')).toBeNull()
    expect(kind('/orders.data', 'POST')).toBeNull()
    expect(kind('/login', 'GET', 'navigate')).toBe('login')
    expect(kind('/login.data?redirectTo=%2Forders')).toBe('login')
    expect(kind('/register', 'GET', 'navigate')).toBeNull()
    expect(kind('/api/v1/order/', 'GET', 'navigate')).toBeNull()
    expect(kind('/resources/pictures/12/thumb')).toBeNull()
    expect(kind('/resources/pictures/12/thumb', 'GET', 'navigate')).toBeNull()
    expect(kind('/orderReport.export.pdf?from=2026-01-01', 'GET', 'navigate')).toBeNull()
    expect(kind('/lists/orders.export.csv', 'GET', 'navigate')).toBeNull()
    expect(kind('/favicon.svg')).toBeNull()
    expect(kind('/sw.js')).toBeNull()
    expect(kind('/orders')).toBeNull()
    expect(rules.kindOf('GET', 'https://elsewhere.example/orders', 'navigate', O)).toBeNull()
  })

  it('keeps only a 200 HTML page or turbo-stream data that says whose it is', () => {
    const html = { 'Content-Type': 'text/html; charset=utf-8', 'X-Cache-Owner': OWNER }
    const data = { 'Content-Type': 'text/x-script; charset=utf-8', 'X-Cache-Owner': OWNER }
    expect(rules.keepIn('page', answer(200, html))).toBe(`rd-pages-${OWNER}`)
    expect(rules.keepIn('data', answer(200, data))).toBe(`rd-pages-${OWNER}`)
    expect(rules.keepIn('page', answer(200, { 'Content-Type': 'text/html' }))).toBeNull()
    expect(rules.keepIn('page', answer(404, html))).toBeNull()
    expect(rules.keepIn('page', answer(500, html))).toBeNull()
    expect(rules.keepIn('data', answer(202, data))).toBeNull()
    expect(rules.keepIn('page', answer(200, data))).toBeNull()
    expect(rules.keepIn('data', answer(200, html))).toBeNull()
    expect(rules.keepIn('page', answer(200, html, { redirected: true }))).toBeNull()
    expect(rules.keepIn('page', answer(200, html, { type: 'opaque' }))).toBeNull()
    expect(rules.keepIn('asset', answer(200, html))).toBeNull()
  })

  it('sees the signed-out login page', () => {
    expect(rules.signedOut(`${O}/login`, answer(200, {}))).toBe(true)
    expect(rules.signedOut(`${O}/login.data?_routes=x`, answer(200, {}))).toBe(true)
    expect(rules.signedOut(`${O}/login`, answer(200, { 'X-Cache-Owner': OWNER }))).toBe(false)
    expect(rules.signedOut(`${O}/orders`, answer(200, {}))).toBe(false)
    expect(rules.signedOut(`${O}/login`, answer(429, {}))).toBe(false)
  })

  it('serves a kept .data for another only when it holds every route asked for', () => {
    const d = (q: string) => `${O}/orders.data${q}`
    expect(rules.dataCovers(d('?page=2'), d('?page=2&_routes=root,routes/orders'))).toBe(true)
    expect(rules.dataCovers(d('?_routes=a,b&page=2'), d('?page=2&_routes=b'))).toBe(true)
    expect(rules.dataCovers(d('?_routes=a&page=2'), d('?page=2&_routes=a,b'))).toBe(false)
    expect(rules.dataCovers(d('?_routes=a'), d(''))).toBe(false)
    expect(rules.dataCovers(d('?page=2'), d('?page=3'))).toBe(false)
    expect(rules.dataCovers(`${O}/users.data`, d(''))).toBe(false)
  })

  it('opens a page kept only as HTML as a document', () => {
    expect(rules.pageOfData(`${O}/orders.data?tab=add&_routes=root`)).toBe(`${O}/orders?tab=add`)
    expect(rules.pageOfData(`${O}/_root.data`)).toBe(`${O}/`)
    expect(JSON.parse(rules.reloadDocumentBody(`${O}/orders?tab=add`))).toEqual([
      ['SingleFetchRedirect', 1],
      { _2: 3, _4: 5, _6: 7, _8: 9, _10: 7 },
      'redirect',
      '/orders?tab=add',
      'status',
      302,
      'revalidate',
      false,
      'reload',
      true,
      'replace',
    ])
  })

  it('dates a copy by its Date header', () => {
    const date = 'Fri, 27 Nov 2026 05:30:00 GMT'
    expect(rules.takenAt(answer(200, { Date: date }), 1)).toBe(Date.parse(date))
    expect(rules.takenAt(answer(200, {}), 1234)).toBe(1234)
  })

  it('asks with the kept copy’s validator for data, and for a page only when we sent the user there', () => {
    const request = (href: string, referrer: string) => {
      const r = new Request(`${O}${href}`, { headers: { Accept: '*/*' } })
      Object.defineProperty(r, 'referrer', { value: referrer })
      return r
    }
    const kept = answer(200, { ETag: 'W/"abc"' })
    const data = request('/orders.data?page=2&_routes=root', '')
    const asked = rules.conditional('data', data, kept, O)
    expect(asked.url).toBe(data.url)
    expect(asked.headers.get('If-None-Match')).toBe('W/"abc"')
    expect(asked.headers.get('Accept')).toBe('*/*')

    const fromOurPage = request('/orders?page=2', `${O}/dashboard`)
    expect(rules.conditional('page', fromOurPage, kept, O).headers.get('If-None-Match')).toBe(
      'W/"abc"',
    )
    // Typed in, a bookmark, or a link on another site: sent as it came, in full.
    for (const referrer of ['', 'about:client', 'https://elsewhere.example/x']) {
      const page = request('/orders?page=2', referrer)
      expect(rules.conditional('page', page, kept, O)).toBe(page)
    }
    // No copy, a copy without a validator, or not a page: as it came.
    expect(rules.conditional('data', data, undefined, O)).toBe(data)
    expect(rules.conditional('data', data, answer(200, {}), O)).toBe(data)
    expect(rules.conditional('asset', data, kept, O)).toBe(data)
  })
})

/*
 * Review desk's service worker (issue 31 item 2, docs/decisions/103-offline-pages.md). Registered
 * by app/components/offline/sw-register.ts after the page is usable, with JavaScript only.
 *
 * - Pages and their Remix `.data`: network first. Whatever the network answers (any status) is
 *   what the page gets; a 304 to the kept copy's validator (sent with the request, decision 109)
 *   means that copy is the answer. Only when the network fails is the last copy of that URL
 *   served, from the cache of the one user whose copies this browser holds; the page then shows
 *   "Offline copy from HH:MM" (it asks OFFLINE_COPY_PATH after hydration).
 * - A response is kept only when the server says whose it is (the X-Cache-Owner header, an opaque
 *   per-user value), in a cache named after it: the last MAX_ENTRIES responses. Seeing another
 *   owner, signing in or out (a POST to /login, /register, /logout) or the signed-out login page
 *   deletes the other owners' (or all) copies.
 * - The built files (/assets, hashed names that never change what they hold): cache first, in one
 *   cache that is never emptied, so a page open since an older build still finds its files.
 * - An update takes over at once (skipWaiting, then clients.claim), open pages included, so the
 *   next navigation of a page already open is the new version's (waiting for every page of the
 *   old one to close never came on a phone whose one tab stays open). It breaks no open page
 *   because no version deletes what an older page needs: the built files' cache is never emptied,
 *   the copies are per user, not per version, and the page's requests (pages, `.data`,
 *   OFFLINE_COPY_PATH, the 'warm' message) keep their meaning from one version to the next; a
 *   change to them must answer the old form too (e2e: offline-pages.spec.ts, a new version).
 */
'use strict'

const rules = (() => {
  const ASSETS = 'rd-assets'
  const SHELL = 'rd-shell'
  const PAGES = 'rd-pages-'
  const OFFLINE_COPY_PATH = '/__offline-copy'
  const MAX_ENTRIES = 40
  const SESSION_PATHS = ['/login', '/register', '/logout']
  // Never kept: the API, resources (pictures, exports), the sign-in pages, the worker itself.
  const NEVER = [/^\/api(\/|$)/, /^\/resources\//, /^\/(login|register|logout)$/, /^\/sw\.js$/]
  const FILE = /\.(csv|pdf|xlsx|txt|json|svg|png|jpe?g|webp|ico|js)$/i

  const pagesCacheName = (owner) =>
    typeof owner === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(owner) ? PAGES + owner : null

  /**
   * What a request is to the worker: 'asset', 'manifest', 'page', 'data', 'session' (a sign-in or
   * sign-out), 'login' (the login page, never kept), 'status' (the page asking about its offline
   * copy) or null (left to the network).
   */
  function kindOf(method, href, mode, origin) {
    const url = new URL(href)
    if (url.origin !== origin) return null
    const path = url.pathname
    const page = path.endsWith('.data') ? path.slice(0, -5) || '/' : path
    if (method === 'POST' && SESSION_PATHS.includes(page)) return 'session'
    if (method !== 'GET') return null
    if (path === OFFLINE_COPY_PATH) return 'status'
    if (path.startsWith('/assets/')) return 'asset'
    if (path === '/__manifest') return 'manifest'
    if (page === '/login') return 'login'
    if (NEVER.some((re) => re.test(page)) || FILE.test(page)) return null
    if (path.endsWith('.data')) return 'data'
    if (mode === 'navigate') return 'page'
    return null
  }

  /** The owner's cache a network answer goes to, or null when it is not to be kept. */
  function keepIn(kind, response) {
    if (kind !== 'page' && kind !== 'data') return null
    if (response.status !== 200 || response.type !== 'basic' || response.redirected) return null
    const type = response.headers.get('Content-Type') || ''
    if (kind === 'page' ? !type.startsWith('text/html') : !type.startsWith('text/x-script'))
      return null
    return pagesCacheName(response.headers.get('X-Cache-Owner'))
  }

  /** A signed-out answer: the login page served by the network to a GET. */
  function signedOut(href, response) {
    const path = new URL(href).pathname
    return (
      (path === '/login' || path === '/login.data') &&
      response.status === 200 &&
      !response.headers.get('X-Cache-Owner')
    )
  }

  /**
   * Whether a kept `.data` answer serves a request for another: the same path and query, and it
   * holds every route the request asks for (`_routes`; none means all of them).
   */
  function dataCovers(keptHref, wantedHref) {
    const kept = new URL(keptHref)
    const wanted = new URL(wantedHref)
    if (kept.pathname !== wanted.pathname) return false
    const routes = (url) => {
      const value = url.searchParams.get('_routes')
      url.searchParams.delete('_routes')
      url.searchParams.sort()
      return value === null ? null : value.split(',')
    }
    const keptRoutes = routes(kept)
    const wantedRoutes = routes(wanted)
    if (kept.search !== wanted.search) return false
    if (keptRoutes === null) return true
    return wantedRoutes !== null && wantedRoutes.every((r) => keptRoutes.includes(r))
  }

  /** The page a `.data` URL is the data of: its path without `.data`, its query without `_routes`. */
  function pageOfData(href) {
    const url = new URL(href)
    url.pathname = url.pathname.slice(0, -5).replace(/^\/_root$/, '/') || '/'
    url.searchParams.delete('_routes')
    return url.href
  }

  /**
   * Remix's single-fetch answer "load this URL as a document" (a redirect with reload, as the
   * server encodes it): a link followed offline to a page kept only as HTML opens that copy.
   */
  function reloadDocumentBody(href) {
    const url = new URL(href)
    const path = url.pathname + url.search
    return JSON.stringify([
      ['SingleFetchRedirect', 1],
      { _2: 3, _4: 5, _6: 7, _8: 9, _10: 7 },
      'redirect',
      path,
      'status',
      302,
      'revalidate',
      false,
      'reload',
      true,
      'replace',
    ])
  }

  /**
   * The request to send for a page or `.data` whose copy is kept: with the copy's validator, so
   * that an unchanged answer comes back as a 304 of headers only (decision 109). Not for a page
   * opened from another site or typed in (its referrer is not ours): re-sent from here it would
   * reach the server as our own (Sec-Fetch-Site), and the server trusts our own navigations more
   * (a list remembers its filters only from them).
   */
  function conditional(kind, request, kept, origin) {
    const etag = kept && kept.headers.get('ETag')
    if (!etag || (kind !== 'page' && kind !== 'data')) return request
    if (kind === 'page' && !request.referrer.startsWith(`${origin}/`)) return request
    const headers = new Headers(request.headers)
    headers.set('If-None-Match', etag)
    return new Request(request, { headers })
  }

  /** When a kept response was taken: its Date header (the server's clock), else now. */
  function takenAt(response, now) {
    const date = Date.parse(response.headers.get('Date') || '')
    return Number.isFinite(date) ? date : now
  }

  return {
    ASSETS,
    SHELL,
    PAGES,
    OFFLINE_COPY_PATH,
    MAX_ENTRIES,
    pagesCacheName,
    kindOf,
    keepIn,
    signedOut,
    dataCovers,
    pageOfData,
    reloadDocumentBody,
    conditional,
    takenAt,
  }
})()

// The unit tests (app/components/offline/sw.test.ts) evaluate this file with a stand-in `self` and read the rules.
self.swRules = rules

/** Which offline copy each page was given (by client id): the time it was taken. */
const offlineCopies = new Map()
/** Bumped at each sign-in or sign-out: an answer fetched before it is not kept. */
let sessionEpoch = 0
let currentOwnerCache = null

const listPageCaches = async () =>
  (await caches.keys()).filter((name) => name.startsWith(rules.PAGES))

async function dropPages(except) {
  for (const name of await listPageCaches()) if (name !== except) await caches.delete(name)
}

async function sessionChanged() {
  sessionEpoch += 1
  currentOwnerCache = null
  offlineCopies.clear()
  await dropPages(null)
}

async function keep(cacheName, href, response, epoch) {
  if (epoch !== sessionEpoch) return
  if (cacheName !== currentOwnerCache) {
    await dropPages(cacheName)
    currentOwnerCache = cacheName
  }
  const cache = await caches.open(cacheName)
  await cache.delete(href, { ignoreVary: true })
  if (epoch !== sessionEpoch) return
  await cache.put(href, response)
  const keys = await cache.keys()
  for (const old of keys.slice(0, Math.max(0, keys.length - rules.MAX_ENTRIES)))
    await cache.delete(old)
}

/** The cache of the only owner whose copies are kept (none if several are). */
async function ownerCache() {
  const names = await listPageCaches()
  return names.length === 1 ? { name: names[0], cache: await caches.open(names[0]) } : undefined
}

/** The last copy of a URL, or for `.data` one that covers it, from the owner's cache. */
async function offlineCopy(href, kind) {
  const { cache } = (await ownerCache()) ?? {}
  if (!cache) return undefined
  const hit = await cache.match(href, { ignoreVary: true })
  if (hit || kind !== 'data') return hit
  for (const key of (await cache.keys()).reverse())
    if (rules.dataCovers(key.url, href)) return cache.match(key, { ignoreVary: true })
  // Only the page's HTML is kept: Remix is told to open it as a document (served from its copy).
  const page = rules.pageOfData(href)
  if (!(await cache.match(page, { ignoreVary: true }))) return undefined
  return new Response(rules.reloadDocumentBody(page), {
    status: 202,
    headers: { 'Content-Type': 'text/x-script; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}

function remember(clientId, time) {
  if (!clientId) return
  offlineCopies.delete(clientId)
  offlineCopies.set(clientId, time)
  if (offlineCopies.size > 50) offlineCopies.delete(offlineCopies.keys().next().value)
}

/** This URL's own kept copy (not one that covers it), with the name of the cache it is in. */
async function keptCopy(href) {
  const owner = await ownerCache()
  const hit = owner && (await owner.cache.match(href, { ignoreVary: true }))
  return hit ? { cacheName: owner.name, response: hit } : undefined
}

async function networkFirst(event, kind) {
  const request = event.request
  const epoch = sessionEpoch
  const kept = await keptCopy(request.url).catch(() => undefined)
  let response
  try {
    response = await fetch(rules.conditional(kind, request, kept?.response, self.location.origin))
  } catch (error) {
    const copy = await offlineCopy(request.url, kind)
    if (!copy) throw error
    if (copy.status === 200) {
      const clientId = kind === 'page' ? event.resultingClientId : event.clientId
      remember(clientId, rules.takenAt(copy, Date.now()))
    }
    return copy
  }
  if (kind === 'data' && event.clientId) offlineCopies.delete(event.clientId)
  // Unchanged since the copy was kept: the copy is the answer (kept again, as the latest).
  if (response.status === 304 && kept) {
    event.waitUntil(keep(kept.cacheName, request.url, kept.response.clone(), epoch))
    return kept.response
  }
  const cacheName = rules.keepIn(kind, response)
  if (cacheName) event.waitUntil(keep(cacheName, request.url, response.clone(), epoch))
  return response
}

async function cacheFirst(request) {
  const cache = await caches.open(rules.ASSETS)
  const hit = await cache.match(request, { ignoreVary: true })
  if (hit) return hit
  const response = await fetch(request)
  if (response.ok && response.type === 'basic') await cache.put(request.url, response.clone())
  return response
}

/** Remix's route manifest: the network's, else the last one (it is the same for every user). */
async function sharedNetworkFirst(request) {
  const cache = await caches.open(rules.SHELL)
  try {
    const response = await fetch(request)
    if (response.ok && response.type === 'basic') await cache.put(request.url, response.clone())
    return response
  } catch (error) {
    const hit = await cache.match(request, { ignoreVary: true })
    if (hit) return hit
    throw error
  }
}

/** The login page, never kept: answered signed out, the session has ended, and so do the copies. */
async function loginPage(event) {
  const response = await fetch(event.request)
  if (rules.signedOut(event.request.url, response)) event.waitUntil(sessionChanged())
  return response
}

function offlineCopyStatus(clientId) {
  const takenAt = offlineCopies.get(clientId) ?? null
  return new Response(JSON.stringify({ takenAt }), {
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  })
}

self.addEventListener('fetch', (event) => {
  const { request } = event
  const kind = rules.kindOf(request.method, request.url, request.mode, self.location.origin)
  if (kind === null) return
  if (kind === 'session') return event.waitUntil(sessionChanged())
  if (kind === 'status') return event.respondWith(offlineCopyStatus(event.clientId))
  if (kind === 'asset') return event.respondWith(cacheFirst(request))
  if (kind === 'manifest') return event.respondWith(sharedNetworkFirst(request))
  if (kind === 'login') return event.respondWith(loginPage(event))
  event.respondWith(networkFirst(event, kind))
})

/*
 * The page that registered the worker was loaded without it: it sends its own URL and the built
 * files it loaded, which are kept as if they had passed through the worker.
 */
self.addEventListener('message', (event) => {
  const data = event.data
  if (!data || data.type !== 'warm') return
  const origin = self.location.origin
  const assets = (Array.isArray(data.assets) ? data.assets : []).filter(
    (href) => typeof href === 'string' && rules.kindOf('GET', href, 'cors', origin) === 'asset',
  )
  const page = typeof data.page === 'string' ? data.page : ''
  const epoch = sessionEpoch
  event.waitUntil(
    (async () => {
      for (const href of assets) await cacheFirst(new Request(href)).catch(() => undefined)
      if (rules.kindOf('GET', page, 'navigate', origin) !== 'page') return
      const response = await fetch(page, { credentials: 'same-origin' }).catch(() => undefined)
      const cacheName = response && rules.keepIn('page', response)
      if (cacheName) await keep(cacheName, page, response, epoch)
    })(),
  )
})

self.addEventListener('install', () => {
  // A new version does not wait for the old one's pages to close (see the top of this file).
  self.skipWaiting()
})

self.addEventListener('activate', (event) => {
  // Every page of this origin, open or new, is this version's from now on.
  event.waitUntil(self.clients.claim())
})

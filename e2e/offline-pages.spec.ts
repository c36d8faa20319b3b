import fs from 'node:fs'
import path from 'node:path'
import { E2E_METRICS_TOKEN } from '../playwright.config'
import { freePort, freshDir, startServer } from './servers'
import { expect, jsOnly, ready, series, submitSignIn, test, type Page } from './utils'

/*
 * The service worker (issue 31 item 2, decision 103): a signed-in user's last-opened pages are
 * readable offline, marked "Offline copy from HH:MM"; the network's answer always wins when there
 * is one; copies are per user and gone at sign-out. Chromium's own offline mode
 * (context.setOffline) takes the network away.
 */

const hhmm = (time: number) => {
  const d = new Date(time)
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`
}

/** The minutes a copy taken between `from` and `to` may be marked with. */
function notesBetween(from: number, to: number) {
  const notes = new Set<string>()
  for (let t = from - 1000; t <= to + 60_000; t += 30_000) notes.add(hhmm(Math.min(t, to)))
  notes.add(hhmm(from - 1000))
  return [...notes].map((time) => `Offline copy from ${time}`)
}

/** The worker controls the page and keeps a copy of its URL (the first visit sends it over). */
async function copyKept(page: Page) {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller))
  await expect
    .poll(() =>
      page.evaluate(async () => {
        for (const name of await caches.keys())
          if (
            name.startsWith('rd-pages-') &&
            (await (await caches.open(name)).match(location.href))
          )
            return true
        return false
      }),
    )
    .toBe(true)
}

const pageCaches = (page: Page) =>
  page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('rd-pages-')))

/** How many times the server has answered a route with a status (its Prometheus counter). */
async function answered(page: Page, route: string, status: number) {
  const res = await page.request.get('/metrics', {
    headers: { Authorization: `Bearer ${E2E_METRICS_TOKEN}` },
  })
  expect(res.status()).toBe(200)
  return series(await res.text(), 'http_requests_total', `{route="${route}",status="${status}"}`)
}

const offlineNote = (page: Page) => page.getByRole('status').filter({ hasText: 'Offline copy' })
const main = (page: Page) => page.locator('main')

test.describe('pages readable offline (service worker)', () => {
  jsOnly('without JavaScript the service worker is never registered')
  // The other specs run with service workers blocked (playwright.config.ts).
  test.use({ serviceWorkers: 'allow' })

  test('a list opened online is shown offline, marked; back online the fresh page is served; gone at sign-out', async ({
    page,
    context,
    insertProductOfNewPmm,
    insertNewProduct,
    openAs,
  }) => {
    const { pmm, product } = await insertProductOfNewPmm({ prefix: 'sw-list' })
    const from = Date.now()
    await openAs(pmm, '/activeProducts')
    await expect(main(page)).toContainText(product.keywords)
    await copyKept(page)
    const to = Date.now()
    await expect(offlineNote(page)).toHaveCount(0)

    await context.setOffline(true)
    await page.reload()
    await ready(page, true)
    await expect(main(page)).toContainText(product.keywords)
    await expect(offlineNote(page)).toBeVisible()
    expect(notesBetween(from, to)).toContain(await offlineNote(page).textContent())

    // A change made meanwhile shows as soon as the network answers: never the stale copy.
    const added = await insertNewProduct({ ownerId: pmm.id })
    await context.setOffline(false)
    await page.reload()
    await ready(page, true)
    await expect(main(page)).toContainText(added.keywords)
    await expect(main(page)).toContainText(product.keywords)
    await expect(offlineNote(page)).toHaveCount(0)

    // A page's data fetched offline in the app (a link followed) comes from its copy too.
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await context.setOffline(true)
    await page.getByRole('link', { name: 'Active Products', exact: true }).click()
    await expect(page).toHaveURL(/\/activeProducts$/)
    await expect(main(page)).toContainText(added.keywords)
    await expect(offlineNote(page)).toBeVisible()
    await context.setOffline(false)

    await page.getByRole('button', { name: 'Log Out' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expect.poll(() => pageCaches(page)).toEqual([])
    await context.setOffline(true)
    await expect(page.goto('/activeProducts')).rejects.toThrow()
    // The browser's own offline page, not the list.
    await expect(main(page)).toHaveCount(0)
    await expect(page.getByText(product.keywords)).toHaveCount(0)
    await context.setOffline(false)
  })

  test('a page seen again unchanged costs the link headers only; a change is never missed', async ({
    page,
    insertProductOfNewPmm,
    insertNewProduct,
    openAs,
  }) => {
    // Disabled Products: no other test here opens it, so the server's count of its 304s is ours.
    const route = 'routes/_app+/disabledProduct'
    const { pmm, product } = await insertProductOfNewPmm({ prefix: 'sw-304', status: 'disabled' })
    await openAs(pmm, '/dashboard')
    await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller))
    const disabled = page.getByRole('link', { name: 'Disabled Products', exact: true })
    const dashboard = page.getByRole('link', { name: 'Dashboard', exact: true })

    // The first visit in the app fetches the list's data in full; the worker keeps it.
    await disabled.click()
    await expect(main(page)).toContainText(product.keywords)
    await expect
      .poll(() =>
        page.evaluate(async () => {
          for (const name of await caches.keys())
            if (name.startsWith('rd-pages-'))
              for (const key of await (await caches.open(name)).keys())
                if (new URL(key.url).pathname === '/disabledProduct.data') return true
          return false
        }),
      )
      .toBe(true)
    const before = await answered(page, route, 304)

    // Again, nothing changed: the server answers 304 (headers only), the page shows the list.
    await dashboard.click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await disabled.click()
    await expect(page).toHaveURL(/\/disabledProduct$/)
    await expect(main(page)).toContainText(product.keywords)
    // At least one: hovering or focusing the link may have asked for the data ahead (prefetch).
    await expect.poll(() => answered(page, route, 304)).toBeGreaterThan(before)
    await expect(offlineNote(page)).toHaveCount(0)

    // Changed meanwhile: the new list comes in full, never the copy.
    const added = await insertNewProduct({ ownerId: pmm.id, status: 'disabled' })
    await dashboard.click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await disabled.click()
    await expect(main(page)).toContainText(added.keywords)
    await expect(main(page)).toContainText(product.keywords)
  })

  test('a second user on the same browser never sees the first user’s copies', async ({
    page,
    context,
    insertProductOfNewPmm,
    openAs,
  }) => {
    const first = await insertProductOfNewPmm({ prefix: 'sw-first' })
    const second = await insertProductOfNewPmm({ prefix: 'sw-second' })
    await openAs(first.pmm, '/activeProducts')
    await copyKept(page)
    expect(await pageCaches(page)).toHaveLength(1)

    // The first user's session ends without the Log Out button (cookies gone, e.g. expired): the
    // login page, answered signed out, removes the copies; then the second user signs in.
    await context.clearCookies()
    await page.goto('/login')
    await ready(page, true)
    await expect.poll(() => pageCaches(page)).toEqual([])
    await submitSignIn(page, second.pmm.email, second.pmm.password)
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect.poll(() => pageCaches(page)).toHaveLength(1)

    await context.setOffline(true)
    await expect(page.goto('/activeProducts')).rejects.toThrow()
    await context.setOffline(false)

    await page.goto('/activeProducts')
    await ready(page, true)
    await expect(main(page)).toContainText(second.product.keywords)
    await context.setOffline(true)
    await page.reload()
    await ready(page, true)
    await expect(offlineNote(page)).toBeVisible()
    await expect(main(page)).toContainText(second.product.keywords)
    await expect(main(page)).not.toContainText(first.product.keywords)
    await context.setOffline(false)

    // Signed in as another user through a session the page did not make (an API sign-in): the
    // first answer that says whose it is removes the copies of the user before.
    const [secondCache] = await pageCaches(page)
    await context.clearCookies()
    await openAs(first.pmm, '/activeProducts')
    await expect(main(page)).toContainText(first.product.keywords)
    await copyKept(page)
    const caches = await pageCaches(page)
    expect(caches).toHaveLength(1)
    expect(caches).not.toContain(secondCache)
  })

  test('a new version of the worker takes over without breaking an open page', async ({
    page,
    context,
  }) => {
    test.slow()
    // The app deployed in a directory of its own (its files linked to this build), so that a new
    // sw.js can be put on the server while the page is open, as a deploy would.
    const root = path.resolve(import.meta.dirname, '..')
    const dir = freshDir(`sw-update-${test.info().parallelIndex}-${test.info().repeatEachIndex}`)
    const client = path.join(dir, 'build', 'client')
    fs.mkdirSync(client, { recursive: true })
    // Not `data`: the checkout's own database (a dev run's) would be this server's, with what
    // earlier runs remembered (a list's search) instead of a fresh one.
    for (const entry of fs.readdirSync(root)) {
      if (!['build', 'data', 'e2e', '.git'].includes(entry))
        fs.symlinkSync(path.join(root, entry), path.join(dir, entry))
    }
    fs.symlinkSync(path.join(root, 'build', 'server'), path.join(dir, 'build', 'server'))
    for (const entry of fs.readdirSync(path.join(root, 'build', 'client'))) {
      if (entry !== 'sw.js')
        fs.symlinkSync(path.join(root, 'build', 'client', entry), path.join(client, entry))
    }
    const worker = fs.readFileSync(path.join(root, 'build', 'client', 'sw.js'), 'utf8')
    fs.writeFileSync(path.join(client, 'sw.js'), worker)
    const server = await startServer({
      port: await freePort(),
      dataDir: path.join(dir, 'data'),
      cwd: dir,
    })
    try {
      // Which version answers the page: the new one says so at /__version (the server: 404).
      const version = (p: Page) =>
        p.evaluate(() => fetch('/__version').then((r) => (r.ok ? r.text() : 'first')))
      const broken: string[] = []
      // A built file that does not come (a `.data` request the worker answers is reported
      // aborted to the page's network events: what it shows is checked on the page instead).
      page.on('requestfailed', (r) => {
        if (new URL(r.url()).pathname.startsWith('/assets/'))
          broken.push(`${r.url()}: ${r.failure()?.errorText}`)
      })
      page.on('response', (r) => {
        if (r.status() >= 400 && !r.url().endsWith('/__version'))
          broken.push(`${r.url()}: ${r.status()}`)
      })

      await page.goto(`${server.url}/login`)
      await ready(page, true)
      await submitSignIn(page, 'pm@example.com')
      await expect(page).toHaveURL(/\/dashboard$/)
      await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller))
      expect(await version(page)).toBe('first')
      await page.evaluate(() => ((window as { openSince?: number }).openSince = 1))
      let loads = 0
      page.on('load', () => (loads += 1))

      // A deploy puts a new sw.js on the server; the browser finds it (here: another tab of the
      // app asks, as the browser does after a navigation) and it takes over the open page too.
      const changes = page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let n = 0
            navigator.serviceWorker.addEventListener('controllerchange', () => resolve(++n))
          }),
      )
      fs.writeFileSync(
        path.join(client, 'sw.js'),
        `${worker}\nself.addEventListener('fetch', (event) => {\n  if (new URL(event.request.url).pathname === '/__version')\n    event.respondWith(new Response('second'))\n})\n`,
      )
      const other = await context.newPage()
      await other.goto(`${server.url}/dashboard`)
      await ready(other, true)
      await other.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()))
      expect(await changes).toBe(1)
      await other.close()
      expect(await version(page)).toBe('second')

      // The open page goes on: its links, its form, the code it loads on first use and its
      // fetches all answer; it is never reloaded, and nothing it asks for fails.
      await page.getByRole('link', { name: 'Active Products', exact: true }).click()
      await expect(page).toHaveURL(/\/activeProducts$/)
      const keyword = page.getByLabel('Search by keyword')
      await expect(keyword).toBeVisible()
      // The first key press brings the products table's code (clientLazy), fetched now or
      // already (the worker may have been asked for it before): it is there, and it came.
      await page.keyboard.press('Tab')
      await expect
        .poll(() =>
          page.evaluate(() =>
            performance
              .getEntriesByType('resource')
              .filter((e) => /\/product-table-[\w-]+\.js$/.test(e.name))
              .map((e) => (e as PerformanceResourceTiming).responseStatus),
          ),
        )
        .toEqual([200])
      await keyword.fill('nothing-matches-this')
      await keyword.press('Enter')
      await expect(page).toHaveURL(/searchByKey=nothing-matches-this/)
      await expect(page.getByRole('cell', { name: /No data in the table/ })).toBeVisible()
      await page.getByRole('link', { name: 'Dashboard', exact: true }).click()
      await expect(page).toHaveURL(/\/dashboard$/)
      await expect(page.getByRole('link', { name: 'Active Products', exact: true })).toBeVisible()
      expect(await version(page)).toBe('second')
      expect(await page.evaluate(() => (window as { openSince?: number }).openSince)).toBe(1)
      expect(loads).toBe(0)
      expect(broken).toEqual([])

      // A page opened now is the new version's from its first request.
      const next = await context.newPage()
      await next.goto(`${server.url}/activeProducts`)
      await ready(next, true)
      expect(await version(next)).toBe('second')
      await expect(next.getByLabel('Search by keyword')).toBeVisible()
      expect(broken).toEqual([])
    } finally {
      await server.kill('SIGKILL')
    }
  })
})

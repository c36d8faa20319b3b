import { expect, jsOnly, ready, submitSignIn, test, type Page } from './utils'

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
})

import { DEMO, expect, test, type Page } from './utils'

/*
 * Every picture of a list loads, with JavaScript and without it (issue 28, item 10): each one has
 * its address in the page as it arrives, and the browser's own lazy loading fetches those below
 * the first screen as they come near it (without JavaScript Chromium fetches them all at once).
 */

const LISTS: Array<{ name: string; who: keyof typeof DEMO; path: string }> = [
  { name: 'Buyer Link', who: 'pm', path: '/buyerLink' },
  { name: 'Active Products', who: 'pm', path: '/activeProducts' },
  { name: 'Orders', who: 'pm', path: '/orders' },
  { name: 'All Orders', who: 'admin', path: '/all/order' },
  { name: 'All Products', who: 'admin', path: '/all/product' },
]

/** Well past the first screen: the demo data fills each list's first page with pictured rows. */
const AT_LEAST = 15

/**
 * Scrolls down the page half a window at a time, as a reader would, to its end (from here: with
 * JavaScript off the page runs no timers).
 */
async function scrollThrough(page: Page) {
  for (;;) {
    const atEnd = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight / 2)
      const { scrollHeight } = document.documentElement
      return window.scrollY + window.innerHeight >= scrollHeight - 1
    })
    if (atEnd) return
    // A frame or two, so the browser sees each place the page passes through.
    await page.waitForTimeout(50)
  }
}

for (const list of LISTS) {
  test(`every picture of ${list.name} loads`, async ({ page, signInAs }) => {
    await signInAs(list.who, list.path)
    const pictures = page.locator('#content img')
    expect(await pictures.count()).toBeGreaterThanOrEqual(AT_LEAST)
    // Each picture's address is there before anything scrolls, so the browser may fetch it ahead.
    const withoutAddress = await pictures.evaluateAll(
      (imgs) => imgs.filter((img) => !img.getAttribute('src')).length,
    )
    expect(withoutAddress).toBe(0)

    await scrollThrough(page)
    await expect
      .poll(() =>
        pictures.evaluateAll((imgs) =>
          (imgs as HTMLImageElement[])
            .filter((img) => !(img.complete && img.currentSrc && img.naturalWidth > 0))
            .map((img) => img.currentSrc || img.outerHTML),
        ),
      )
      .toEqual([])
  })
}

import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from './utils'

/**
 * Runs axe (WCAG 2.0 and 2.1, A and AA) over the page, or over the part `include` selects, and
 * expects no serious or critical violation; the message lists each one with the elements it was
 * found on. With JavaScript off it looks at a copy of the page (see withScripts).
 */
export async function expectNoSeriousViolations(
  page: Page,
  what: string,
  { include }: { include?: string } = {},
) {
  const { violations } = await withScripts(page, (target) => {
    const axe = new AxeBuilder({ page: target }).withTags([
      'wcag2a',
      'wcag2aa',
      'wcag21a',
      'wcag21aa',
    ])
    return (include ? axe.include(include) : axe).analyze()
  })
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target).join(', ')}`)
  expect(serious, `serious or critical axe violations on ${what}`).toEqual([])
}

/**
 * Axe needs timers, which do not run in a page with JavaScript off. There it looks at a copy:
 * the page as it stands (fields' current values and checked boxes written into the markup),
 * without its scripts, opened at the same address, size and colour scheme in a browser with
 * JavaScript on.
 */
async function withScripts<T>(page: Page, run: (page: Page) => Promise<T>) {
  if (test.info().project.use.javaScriptEnabled !== false) return run(page)
  const colorScheme = await page.evaluate(() => {
    for (const input of document.querySelectorAll('input')) {
      if (input.checked) input.setAttribute('checked', '')
      else input.removeAttribute('checked')
      if (input.type !== 'file') input.setAttribute('value', input.value)
    }
    for (const area of document.querySelectorAll('textarea')) area.textContent = area.value
    for (const option of document.querySelectorAll('option')) {
      if (option.selected) option.setAttribute('selected', '')
      else option.removeAttribute('selected')
    }
    return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
  })
  const html = (await page.content())
    .replace(/<script\b[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, '')
  const context = await page
    .context()
    .browser()!
    .newContext({
      javaScriptEnabled: true,
      viewport: page.viewportSize(),
      colorScheme,
      storageState: await page.context().storageState(),
    })
  try {
    const copy = await context.newPage()
    const url = page.url()
    await copy.route(url, (route) =>
      route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' }),
    )
    await copy.goto(url)
    // A toast fades in again in the copy.
    await copy.waitForFunction(() =>
      [...document.querySelectorAll('[data-toast]')].every(
        (t) => getComputedStyle(t).opacity === '1',
      ),
    )
    return await run(copy)
  } finally {
    await context.close()
  }
}

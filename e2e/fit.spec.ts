import { expect, expectNoSidewaysScroll, ready, test, type Page } from './utils'
import { SCREENS, type Role } from './screens'
import { resolve, signInAs } from './screen-paths'

/*
 * Issue 28, items 3 and 4: every screen of every role fits the window. On a desktop (1280 px, and
 * 1024 px) the page never scrolls sideways, no control of the main area is cut off at its edge,
 * and an identifier in a table (an email, an order number) is never broken inside a word. On a
 * phone (390 px) every control that the Tab key reaches has a visible box when it has the focus:
 * nothing invisible takes focus.
 */

/** The controls of the main area that lie (partly) beyond the window's right edge. */
async function cutOffControls(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    return [...document.querySelectorAll<HTMLElement>('main a[href], main button, main select')]
      .filter((el) => {
        const box = el.getBoundingClientRect()
        const shown = getComputedStyle(el).visibility === 'visible' && el.checkVisibility()
        return shown && box.width > 0 && box.right > width + 0.5
      })
      .map((el) => `${el.tagName.toLowerCase()} "${el.textContent?.trim().slice(0, 40)}"`)
  })
}

/** The table cells holding one word (an email, a number) that is drawn over two lines or more. */
async function brokenIdentifiers(page: Page) {
  return page.evaluate(() => {
    const broken: string[] = []
    for (const cell of document.querySelectorAll('main td')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? ''
        // A token of an identifier's shape: no space, long enough to be worth breaking, short
        // enough to be kept whole (a longer one may break: app/components/list/identifier.tsx).
        if (text.length < 8 || text.length > 32 || /\s/.test(text) || !/[@\d]/.test(text)) continue
        const range = document.createRange()
        range.selectNodeContents(node)
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)))
        if (lines.size > 1) broken.push(text)
      }
    }
    return broken
  })
}

/**
 * Tabs through the whole page from its start and returns each focused control that shows no
 * visible box: smaller than 4×4 px, transparent, hidden, or covered at its centre by something
 * that is not itself (nor its label). A checkbox drawn by its label counts as its label. A stop
 * found hidden is looked at again 100 ms later (the browser may still be scrolling it into
 * view or laying the page out under load), and reported with what hid it.
 */
async function invisibleFocusStops(page: Page) {
  await page.evaluate(() => {
    ;(document.activeElement as HTMLElement | null)?.blur()
    window.scrollTo(0, 0)
  })
  const look = (settle: boolean) =>
    page.evaluate(async (settle) => {
      if (settle) await new Promise((done) => setTimeout(done, 100))
      const el = document.activeElement as HTMLElement | null
      if (!el || el === document.body) return null
      const path: string[] = []
      for (let node: Element | null = el; node; node = node.parentElement) {
        path.unshift(`${node.tagName}${[...(node.parentElement?.children ?? [])].indexOf(node)}`)
      }
      const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`
      /** Why the target shows no box, or '' when it shows one. */
      const hidden = (target: HTMLElement) => {
        const box = target.getBoundingClientRect()
        if (box.width < 4 || box.height < 4) return `${box.width}×${box.height} px`
        const style = getComputedStyle(target)
        if (style.visibility !== 'visible') return `visibility ${style.visibility}`
        for (let node: Element | null = target; node; node = node.parentElement) {
          if (Number(getComputedStyle(node).opacity) === 0) return `${node.tagName} transparent`
        }
        const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1)
        const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1)
        const hit = document.elementFromPoint(x, y)
        if (hit && (target.contains(hit) || hit.contains(target))) return ''
        return `covered at (${Math.round(x)}, ${Math.round(y)}) by ${hit ? `${hit.tagName} "${hit.className}"` : 'nothing'}, box top ${Math.round(box.top)} of ${window.innerHeight}`
      }
      const labels = el instanceof HTMLInputElement ? [...(el.labels ?? [])] : []
      const why = labels.some((label) => hidden(label) === '') ? '' : hidden(el)
      return { key: path.join('/'), name, why }
    }, settle)
  const invisible: string[] = []
  const seen = new Set<string>()
  for (let i = 0; i < 400; i += 1) {
    await page.keyboard.press('Tab')
    let stop = await look(false)
    if (stop === null || seen.has(stop.key)) break
    if (stop.why) stop = (await look(true)) ?? stop
    seen.add(stop.key)
    if (stop.why) invisible.push(`${stop.name}: ${stop.why}`)
  }
  return invisible
}

const roles = (Object.keys(SCREENS) as Role[]).filter((role) => role !== 'anonymous')

for (const width of [1280, 1024] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } })
    for (const role of roles) {
      for (const template of SCREENS[role]) {
        test(`${role}: ${template} fits, nothing cut off, no identifier broken`, async ({
          page,
          jsEnabled,
        }) => {
          await signInAs(page, role)
          const path = await resolve(page, role, template)
          await page.goto(path)
          await ready(page, jsEnabled)
          await expectNoSidewaysScroll(page)
          expect(await cutOffControls(page), `controls cut off on ${path}`).toEqual([])
          expect(await brokenIdentifiers(page), `identifiers broken on ${path}`).toEqual([])
        })
      }
    }
  })
}

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 800 } })
  for (const role of Object.keys(SCREENS) as Role[]) {
    for (const template of SCREENS[role]) {
      test(`${role}: ${template}: every focus stop is visible`, async ({ page, jsEnabled }) => {
        await signInAs(page, role)
        const path = await resolve(page, role, template)
        await page.goto(path)
        await ready(page, jsEnabled)
        await expectNoSidewaysScroll(page)
        expect(await invisibleFocusStops(page), `invisible focus stops on ${path}`).toEqual([])
      })
    }
  }
})

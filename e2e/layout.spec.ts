import {
  expect,
  expectNoSidewaysScroll,
  FIXTURES,
  MARKETS,
  pageTab,
  ready,
  table,
  test,
  uniqueWord,
  type Page,
} from './utils'
import type { Locator } from '@playwright/test'

/**
 * The lists and pages on a phone (390 px) and a desktop (1280 px), used with the keyboard only:
 * rows become cards with their action in view, the filters fold behind "Filters", "Clear
 * filters" drops them, the table header sticks, long text wraps, the empty text is centred, and
 * the focus ring, input borders and switch track stand out at 3:1 or more.
 */

/** Presses Tab (or `key`) until `target` has the focus, at most `max` times. */
async function tabTo(page: Page, target: Locator, key = 'Tab', max = 60) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(key)
    if (await target.evaluate((el) => el === document.activeElement)) return
  }
  throw new Error(`Tab never reached ${target}`)
}

/** The element lies wholly inside the window, without scrolling sideways. */
async function expectInWindow(page: Page, locator: Locator) {
  const { width, height } = page.viewportSize()!
  const box = (await locator.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(width)
  expect(box.y).toBeGreaterThanOrEqual(0)
  expect(box.y + box.height).toBeLessThanOrEqual(height)
}

// WCAG 2 contrast ratio of two computed colours (`rgb(r, g, b)`), from their relative luminance.
function luminance(color: string) {
  const [r, g, b] = color
    .match(/[\d.]+/g)!
    .slice(0, 3)
    .map(Number)
  const channel = (c: number) => {
    const s = c / 255
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}
function contrast(a: string, b: string) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

/** A computed colour of the element, and the background it sits on (its first opaque one). */
async function colorsOf(locator: Locator, property: string, from: 'self' | 'parent' = 'parent') {
  return locator.evaluate(
    (el, [prop, start]) => {
      const color = getComputedStyle(el).getPropertyValue(prop)
      let node: Element | null = start === 'self' ? el : el.parentElement
      let background = 'rgb(255, 255, 255)'
      while (node) {
        const bg = getComputedStyle(node).backgroundColor
        if (bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') {
          background = bg
          break
        }
        node = node.parentElement
      }
      return { color, background }
    },
    [property, from] as const,
  )
}

for (const width of [1280, 390] as const) {
  const phone = width === 390
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } })

    test('a product row shows its facts and its Reserve button, reached by Tab', async ({
      page,
      openProductAsNewPm,
    }) => {
      const { product } = await openProductAsNewPm('layout', { market: 'UK' })

      const products = table(page, 'Products')
      const reserve = products.getByRole('button', { name: `Reserve product ${product.pId}` })
      await tabTo(page, reserve)
      await expect(reserve).toBeFocused()
      await expectInWindow(page, reserve)
      await expectNoSidewaysScroll(page)
      // The row's key facts are in view beside its action, each named.
      const row = products.getByRole('row').filter({
        has: page.getByRole('button', { name: `Reserve product ${product.pId}` }),
      })
      await expect(row.getByText(String(product.pId), { exact: true })).toBeInViewport()
      await expect(row.getByText('UK', { exact: true })).toBeInViewport()
      if (phone) {
        // A card: the column names caption the cells, the header row is out of sight.
        await expect(products.getByRole('columnheader').first()).not.toBeInViewport()
        const caption = await row
          .getByText('UK', { exact: true })
          .evaluate((cell) => getComputedStyle(cell, '::before').content)
        expect(caption).toBe('"Market"')
      } else {
        await expect(products.getByRole('columnheader', { name: 'Reserve' })).toBeVisible()
      }
    })

    test('the tabs stay on one row, each in view when reached by Tab', async ({
      page,
      jsEnabled,
      openAsNewUser,
    }) => {
      await openAsNewUser({ role: 'pmm', prefix: 'layout-tabs' }, '/activeProducts?tab=reserved')
      const tabs = page.getByRole('navigation', { name: 'Sections' }).getByRole('link')
      await expect(tabs).toHaveText(['ADD', 'PRODUCTS', 'ADD NEW RESERVATION', 'RESERVED'])
      const tops = await tabs.evaluateAll((links) =>
        links.map((link) => Math.round(link.getBoundingClientRect().top)),
      )
      expect(new Set(tops).size, `the tabs' tops: ${tops.join(', ')}`).toBe(1)
      await expectNoSidewaysScroll(page)
      // With JavaScript the current tab is scrolled into view at once (to the pixel: the row's
      // scroll width is a whole number of pixels, the tabs' widths are not).
      if (jsEnabled) await expect(pageTab(page, 'RESERVED')).toBeInViewport({ ratio: 0.99 })
      // A tab reached by Tab is shown whole with JavaScript; without it the browser scrolls the
      // row only for a tab wholly out of view, so a tab may show in part (its ring shows).
      for (const label of ['ADD', 'PRODUCTS', 'ADD NEW RESERVATION', 'RESERVED']) {
        await tabTo(page, pageTab(page, label))
        if (jsEnabled) await expectInWindow(page, pageTab(page, label))
        else await expect(pageTab(page, label)).toBeInViewport()
      }
      await expectNoSidewaysScroll(page)
    })

    test('the Filters disclosure opens and closes with the keyboard', async ({
      page,
      openAsNewUser,
    }) => {
      await openAsNewUser({ role: 'pm', prefix: 'layout-filters' }, '/activeProducts')
      const keyword = page.getByLabel('Search by keyword')
      const summary = page.locator('summary', { hasText: 'Filters' })
      if (!phone) {
        // Wide screens always show the filters; there is nothing to open.
        await expect(keyword).toBeVisible()
        await expect(summary).toBeHidden()
        await tabTo(page, keyword)
        return
      }
      // Closed on a phone while no filter is active.
      await expect(summary).toBeVisible()
      await expect(keyword).toBeHidden()
      await tabTo(page, summary)
      await page.keyboard.press('Enter')
      await expect(keyword).toBeVisible()
      await page.keyboard.press('Space')
      await expect(keyword).toBeHidden()
      await page.keyboard.press('Space')
      await expect(keyword).toBeVisible()
      // The fields follow the summary in Tab order, and a search keeps them open.
      await page.keyboard.press('Tab')
      await expect(page.getByLabel('Chinese Seller')).toBeFocused()
      await keyword.focus()
      await page.keyboard.type('nothing-matches-this')
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(/searchByKey=nothing-matches-this/)
      await expect(keyword).toBeVisible()
      await expect(keyword).toHaveValue('nothing-matches-this')
    })

    test('Clear filters removes the filters and keeps the tab', async ({
      page,
      jsEnabled,
      openAsNewUser,
    }) => {
      const word = uniqueWord('clear')
      await openAsNewUser(
        { role: 'pm', prefix: 'layout-clear' },
        `/activeProducts?tab=products&market=${1}&searchByKey=${word}`,
      )
      await ready(page, jsEnabled)
      await expect(page.getByLabel('Search by keyword')).toHaveValue(word)
      await expect(page.getByRole('cell', { name: /No data in the table/ })).toBeVisible()
      const clear = page.getByRole('link', { name: 'Clear filters' })
      await tabTo(page, clear)
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(/\/activeProducts\?tab=products$/)
      await expect(page.getByLabel('Search by keyword')).toHaveValue('')
      await expect(page.getByLabel('Market')).toHaveValue('')
      await expect(clear).toHaveCount(0)
      await expect(table(page, 'Products').getByRole('row').nth(1)).toBeVisible()
      await expect(page.getByText('No data in the table')).toHaveCount(0)
      // No filter, no link.
      await page.goto('/orders')
      await expect(page.getByRole('link', { name: 'Clear filters' })).toHaveCount(0)
    })

    test('the empty text is centred in the list, with room around it', async ({
      page,
      jsEnabled,
      openAsNewUser,
    }) => {
      await openAsNewUser(
        { role: 'pm', prefix: 'layout-empty' },
        `/activeProducts?searchByKey=${uniqueWord('none')}`,
      )
      await ready(page, jsEnabled)
      const message = page.getByText('No data in the table', { exact: true })
      await expect(message).toBeVisible()
      const layout = await message.evaluate((cell) => {
        const range = document.createRange()
        range.selectNodeContents(cell)
        const text = range.getBoundingClientRect()
        const box = cell.closest('table')!.getBoundingClientRect()
        return {
          textCentre: text.left + text.width / 2,
          boxCentre: box.left + box.width / 2,
          above: text.top - cell.getBoundingClientRect().top,
        }
      })
      expect(Math.abs(layout.textCentre - layout.boxCentre)).toBeLessThan(3)
      expect(layout.above).toBeGreaterThanOrEqual(20)
    })

    test('a long unbroken remark and order number do not widen the order page', async ({
      page,
      jsEnabled,
      openAs,
      reserveFreshProduct,
    }) => {
      const { pm, product } = await reserveFreshProduct('layout-long')
      const number = `LONG${Date.now().toString(36)}${'7'.repeat(60)}`
      const remark = `Remark${'x'.repeat(300)}`
      await openAs(pm, `/orders?tab=add&pId=${product.pId}`)
      await page.getByLabel('Order Number').fill(number)
      await page.getByLabel('Market').selectOption({ label: `${MARKETS.DE} (DE)` })
      await page.getByLabel('Customer Email').fill(`buyer-${Date.now()}@example.test`)
      await page.getByLabel('Order Picture').setInputFiles(FIXTURES.product)
      await page.getByLabel('Remark').fill(remark)
      await page.getByRole('button', { name: 'Create Order' }).click()
      await expect(page).toHaveURL(/\/orders#order-\d+$/)

      // The list row (a card on the phone) keeps to the screen too.
      await page.goto(`/orders?orderNumber=${number}`)
      await ready(page, jsEnabled)
      await expectNoSidewaysScroll(page)
      await page.getByRole('link', { name: `View order ${number}` }).click()
      await expect(page).toHaveURL(/\/orders\/view\/\d+\?back=/)
      await expect(page.getByText(remark, { exact: true })).toBeVisible()
      await expectNoSidewaysScroll(page)
      const dd = page.getByText(remark, { exact: true })
      const box = (await dd.boundingBox())!
      expect(box.x + box.width).toBeLessThanOrEqual(width)
      await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible()
    })

    test('the focus ring, input borders and the switch stand out at 3:1', async ({
      page,
      insertProductOfNewPmm,
      openAs,
    }) => {
      const { pmm, product } = await insertProductOfNewPmm({
        prefix: 'layout-contrast',
        status: 'disabled',
      })
      await openAs(pmm, `/disabledProduct?productId=${product.pId}`)

      // The focus ring of a field reached by Tab, against the panel around it.
      const field = page.getByLabel('Search by keyword')
      await tabTo(page, field)
      const ring = await colorsOf(field, 'outline-color')
      expect(await field.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid')
      expect(contrast(ring.color, ring.background)).toBeGreaterThanOrEqual(3)
      // The same field's border.
      const border = await colorsOf(field, 'border-top-color')
      expect(contrast(border.color, border.background)).toBeGreaterThanOrEqual(3)
      // The switch of a disabled product: its off track against the card or table.
      const toggle = page.getByRole('switch', { name: `Product ${product.pId} published` })
      await expect(toggle).toHaveAttribute('aria-checked', 'false')
      const track = await colorsOf(toggle.locator('.switch__track'), 'background-color')
      expect(contrast(track.background, track.color)).toBeGreaterThanOrEqual(3)
      // The switch's own focus ring.
      await tabTo(page, toggle)
      const switchRing = await colorsOf(toggle, 'outline-color')
      expect(contrast(switchRing.color, switchRing.background)).toBeGreaterThanOrEqual(3)
      if (phone) {
        // On the dark top bar the ring of the menu control stands out too.
        await page.reload()
        await tabTo(page, page.locator('#nav-toggle'))
        const menu = page.locator('.topbar__menu')
        const menuRing = await colorsOf(menu, 'outline-color')
        expect(contrast(menuRing.color, menuRing.background)).toBeGreaterThanOrEqual(3)
      }
    })

    if (!phone) {
      test('the table header stays at the top while the list scrolls', async ({
        page,
        openAsNewUser,
      }) => {
        await openAsNewUser({ role: 'pm', prefix: 'layout-sticky' }, '/activeProducts')
        const products = table(page, 'Products')
        await expect(products.getByRole('row')).not.toHaveCount(2)
        const header = products.getByRole('columnheader', { name: 'Seller Name' })
        await page.locator('body').press('PageDown')
        await page.locator('body').press('PageDown')
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600)
        const top = await header.evaluate((th) => th.getBoundingClientRect().top)
        expect(Math.abs(top)).toBeLessThan(2)
        const tableTop = await products.evaluate((t) => t.getBoundingClientRect().top)
        expect(tableTop).toBeLessThan(-300)
      })
    } else {
      test('a field reached by Tab is not hidden under the top bar', async ({
        page,
        openAsNewUser,
      }) => {
        await openAsNewUser({ role: 'pmm', prefix: 'layout-scroll' }, '/activeProducts?tab=add')
        // The next field has the focus, and the page is scrolled so that Keywords sits under
        // the top bar; Shift+Tab back to it must bring it out from under the bar.
        const first = page.getByLabel('Keywords', { exact: true })
        await tabTo(page, first)
        await page.keyboard.press('Tab')
        await expect(first).not.toBeFocused()
        await first.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 8))
        await page.keyboard.press('Shift+Tab')
        await expect(first).toBeFocused()
        const topbar = await page
          .getByRole('banner')
          .first()
          .evaluate((el) => el.getBoundingClientRect().bottom)
        const fieldTop = await first.evaluate((el) => el.getBoundingClientRect().top)
        expect(fieldTop).toBeGreaterThanOrEqual(topbar)
      })
    }
  })
}

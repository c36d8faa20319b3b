import AxeBuilder from '@axe-core/playwright'
import { DEMO, expect, expectToast, MARKETS, ready, test, uniqueEmail } from './utils'

/**
 * Issue 23, item 8: buttons and switches named as they read, the new-order form filled from the
 * reservation, confirm steps that start on Cancel, and the order's pictures on a phone in the
 * size its boxes need.
 */

test("a held product's button is named by what it shows: Reserved", async ({
  page,
  jsEnabled,
  openAs,
  reserveFreshProduct,
}) => {
  const { pm, product } = await reserveFreshProduct('held-name')
  await openAs(pm, `/activeProducts?productId=${product.pId}`)
  const held = page.getByRole('button', { name: `Reserved product ${product.pId}`, exact: true })
  await expect(held).toHaveText('Reserved')
  await expect(held).toBeDisabled()
  if (jsEnabled) {
    // Experimental in axe, so asked for by name.
    const { violations } = await new AxeBuilder({ page })
      .withRules(['label-content-name-mismatch'])
      .analyze()
    expect(violations.map((v) => v.nodes.map((n) => n.target).join(', '))).toEqual([])
  }
})

test("the manager's switch keeps its name; its state is on or off", async ({
  page,
  jsEnabled,
  insertProductOfNewPmm,
  openAs,
}) => {
  const { pmm, product } = await insertProductOfNewPmm({ prefix: 'switch-name', market: 'UK' })
  await openAs(pmm, `/activeProducts?productId=${product.pId}`)
  const name = `Product ${product.pId} published`
  const published = page.getByRole('switch', { name, exact: true })
  await expect(published).toHaveAttribute('aria-checked', 'true')
  await published.click()
  await expectToast(page, 'Successfully disabled product.', 'success')
  await page.goto('/disabledProduct')
  await ready(page, jsEnabled)
  await expect(page.getByRole('switch', { name, exact: true })).toHaveAttribute(
    'aria-checked',
    'false',
  )
})

test("CREATE ORDER fills in the product's ID and its market", async ({
  page,
  openAs,
  reserveFreshProduct,
}) => {
  const { pm, product } = await reserveFreshProduct('create-market')
  await openAs(pm, '/reservations')
  await page.getByRole('link', { name: `Create order for product ${product.pId}` }).click()
  await expect(page).toHaveURL(`/orders?tab=add&pId=${product.pId}`)
  await expect(page.getByLabel('Product ID')).toHaveValue(String(product.pId))
  const market = page.getByLabel('Market', { exact: true })
  await expect(market.locator('option:checked')).toHaveText(`${MARKETS.DE} (DE)`)
})

test('a confirm step starts on Cancel, the safe choice', async ({ page, jsEnabled, openAs }) => {
  await openAs({ email: DEMO.pmm }, '/scammerPaypal')
  const email = uniqueEmail('confirm-focus')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Reason', { exact: true }).fill('Opened a dispute after the refund.')
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await expectToast(page, 'Scammer PayPal added successfully.', 'success')
  await page.goto(`/scammerPaypal?q=${encodeURIComponent(email)}`)
  await ready(page, jsEnabled)
  await page.getByRole('link', { name: `Remove ${email}` }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('link', { name: 'Cancel' })).toBeFocused()
  // Enter there keeps the entry.
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('cell', { name: email, exact: true })).toBeVisible()
})

test.describe('the order on a phone at three device pixels per pixel', () => {
  test.use({ viewport: { width: 390, height: 800 }, deviceScaleFactor: 3 })

  test('each picture comes in the 320 px size its 6rem box needs', async ({
    page,
    jsEnabled,
    openAs,
  }) => {
    await openAs({ email: DEMO.pm }, '/orders')
    const href = await page
      .getByRole('link', { name: /^View order / })
      .first()
      .getAttribute('href')
    const pictures: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/resources/pictures/')) pictures.push(new URL(r.url()).pathname)
    })
    await page.goto(href!)
    await ready(page, jsEnabled)
    const images = page.locator('.picture-panel__image img')
    const count = await images.count()
    expect(count).toBeGreaterThan(0)
    for (let i = 0; i < count; i++) {
      const img = images.nth(i)
      await img.scrollIntoViewIfNeeded()
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.currentSrc))
        .toMatch(/\/small$/)
    }
    expect(pictures.filter((p) => p.endsWith('/medium'))).toEqual([])
  })
})

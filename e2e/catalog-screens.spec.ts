import fs from 'node:fs/promises'
import {
  apiReserve,
  apiSignIn,
  expect,
  expectFieldError,
  expectLoaded,
  expectNoSidewaysScroll,
  ready,
  signInWith,
  table,
  test,
  type Page,
} from './utils'

/**
 * The catalog and reservation screens at a desktop and a phone width: nothing overflows the page
 * sideways, the controls stay within reach, and a screenshot of each is left in /tmp/e2e-shots for
 * a person to look at.
 */
const SHOTS = '/tmp/e2e-shots'

async function shoot(page: Page, name: string) {
  const { width } = page.viewportSize()!
  await fs.mkdir(SHOTS, { recursive: true })
  await page.screenshot({
    path: `${SHOTS}/${name}-${width}-${test.info().project.name}.png`,
    fullPage: true,
  })
}

/** On a phone the filters fold behind "Filters": open them. */
async function openFilters(page: Page) {
  const summary = page.locator('summary', { hasText: 'Filters' })
  if (await summary.isVisible()) await summary.click()
}

/**
 * A list screen fits its width, its filters opened too (folded behind "Filters" on a phone), and
 * is shot as `name`.
 */
async function expectFitsWithFilters(page: Page, name: string) {
  await expectNoSidewaysScroll(page)
  await openFilters(page)
  await expectWithinWidth(page, page.getByRole('button', { name: 'Search' }))
  await shoot(page, name)
}

/** The element lies within the page's width once scrolled into view. */
async function expectWithinWidth(page: Page, locator: ReturnType<Page['locator']>) {
  const { width } = page.viewportSize()!
  await locator.scrollIntoViewIfNeeded()
  const box = await locator.boundingBox()
  expect(box).not.toBeNull()
  expect(box!.x).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width).toBeLessThanOrEqual(width + 0.5)
}

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('products, reservations, detail and buyer link fit the screen', async ({
      page,
      jsEnabled,
      insertNewUser,
      insertNewProduct,
    }) => {
      const pmm = await insertNewUser({ role: 'pmm', prefix: 'shots-pmm' })
      const product = await insertNewProduct({
        ownerId: pmm.id,
        keywords: 'stainless steel insulated water bottle 1 litre leak proof with straw lid',
        brandName: `HydroPeak Insulated Bottle ${Date.now().toString(36)}`,
      })
      const pm = await insertNewUser({ role: 'pm', prefix: 'shots-pm' })
      const token = await apiSignIn(page.request, pm.email, pm.password)
      expect((await apiReserve(page.request, token, product.pId)).status()).toBe(201)
      await signInWith(page.request, pm.email, pm.password)

      // Products table (the full first page).
      await page.goto('/activeProducts')
      await ready(page, jsEnabled)
      const products = table(page, 'Products')
      await expect(products.getByRole('row').nth(1)).toBeVisible()
      await expectFitsWithFilters(page, 'products')
      // The last column is within the page (a card's last line on a phone).
      await expectWithinWidth(
        page,
        products
          .getByRole('row')
          .nth(1)
          .getByRole('button', { name: /^Reserved? product \d{6}$/ }),
      )

      // Reservations table.
      await page.goto('/reservations')
      const reserved = table(page, 'Reserved products')
      await expect(reserved.getByRole('row')).toHaveCount(2)
      await expectFitsWithFilters(page, 'reservations')
      await expectWithinWidth(
        page,
        reserved.getByRole('button', { name: `Release product ${product.pId}` }),
      )
      await expectWithinWidth(
        page,
        reserved.getByRole('link', { name: `Create order for product ${product.pId}` }),
      )

      // Product detail.
      await page.goto(`/view/${product.pId}`)
      await expectLoaded(page.getByRole('img', { name: /: product picture$/ }))
      await expectLoaded(page.getByRole('img', { name: /: marketplace picture$/ }))
      await expectNoSidewaysScroll(page)
      await expectWithinWidth(page, page.getByRole('link', { name: 'Back' }))
      await shoot(page, 'detail')

      // Buyer link.
      await page.goto(`/buyerLink?productId=${product.pId}`)
      await expectLoaded(page.getByRole('listitem').locator('img'))
      await expectNoSidewaysScroll(page)
      await expectWithinWidth(page, page.getByRole('link', { name: 'Download Image' }))
      await shoot(page, 'buyer-link')
    })

    test('the ADD form with its errors fits the screen', async ({ page, openAsNewUser }) => {
      await openAsNewUser({ role: 'pmm', prefix: 'shots-add' }, '/activeProducts?tab=add')
      await page.getByLabel('Daily Sale Limit', { exact: true }).fill('9')
      await page.getByLabel('Overall Sale Limit', { exact: true }).fill('3')
      await page.getByRole('button', { name: 'Add Product' }).click()
      await expectFieldError(
        page.getByLabel('Keywords', { exact: true }),
        'Please enter the keywords.',
      )
      await expectFieldError(
        page.getByLabel('Product Picture', { exact: true }),
        'Please choose the product picture.',
      )
      await expectFieldError(page.getByLabel('Market', { exact: true }), 'Please choose a market.')
      await expectNoSidewaysScroll(page)
      await expectWithinWidth(page, page.getByRole('button', { name: 'Add Product' }))
      await shoot(page, 'add-form-errors')
    })
  })
}

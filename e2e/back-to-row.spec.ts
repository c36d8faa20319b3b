import { expect, ready, tabFromFragment, test, type DataFixtures, type Page } from './utils'
import { freshProduct } from './order-data'

/*
 * Issue 28, item 11: from an order's detail, the page's Back and the browser's Back both land on
 * the row the user opened: in view, and focused (with JavaScript) or next in the Tab order
 * (without: the browser scrolls to the row the link names, `#order-12`).
 */

/** A fresh pm with 25 orders (one page), the newest first in the list. */
async function pmWithOrders(fixtures: DataFixtures) {
  const { pm, order } = await freshProduct(fixtures, 'back')
  const numbers = Array.from(
    { length: 25 },
    (_, i) => order({ prefix: 'BACK', name: String(i).padStart(2, '0') }).orderNumber,
  )
  return { pm, numbers }
}

async function inView(page: Page, name: string) {
  const link = page.getByRole('link', { name })
  await expect(link).toBeInViewport()
  return link
}

test("the detail page's Back lands on the row that was opened", async ({
  page,
  jsEnabled,
  openAs,
  insertNewUser,
  insertNewProduct,
}) => {
  const { pm, numbers } = await pmWithOrders({ insertNewUser, insertNewProduct })
  await openAs(pm, '/orders?clear=1')
  // A row far down the page: the third from the end of the list's first page.
  const opened = numbers[2]!
  await page.getByRole('link', { name: `View order ${opened}` }).click()
  await expect(page.getByRole('heading', { name: `Order ${opened}` })).toBeVisible()
  await ready(page, jsEnabled)
  await page.getByRole('link', { name: 'Back', exact: true }).click()
  await expect(page).toHaveURL(/\/orders#order-\d+$/)
  await ready(page, jsEnabled)
  const link = await inView(page, `View order ${opened}`)
  if (jsEnabled) {
    await expect(link).toBeFocused()
  } else {
    // The browser starts the Tab order at the row it scrolled to.
    await tabFromFragment(page)
    await expect(link).toBeFocused()
  }
})

test("the browser's Back lands on the row that was opened, focused", async ({
  page,
  jsEnabled,
  openAs,
  insertNewUser,
  insertNewProduct,
}) => {
  test.skip(!jsEnabled, 'without JavaScript the browser restores the page as it keeps it')
  const { pm, numbers } = await pmWithOrders({ insertNewUser, insertNewProduct })
  await openAs(pm, '/orders?clear=1')
  const opened = numbers[1]!
  const view = page.getByRole('link', { name: `View order ${opened}` })
  await view.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: `Order ${opened}` })).toBeVisible()
  await page.goBack()
  await expect(page).toHaveURL(/\/orders$/)
  const link = await inView(page, `View order ${opened}`)
  await expect(link).toBeFocused()
})

import fs from 'node:fs/promises'
import { expect, ready, test, type DataFixtures, type Page } from './utils'
import { freshProduct } from './order-data'

/*
 * Issue 28, item 1: a list's Export (CSV) sends its filter form's fields, so the file holds what
 * the form shows (before Search is pressed too), in the page's sort, and the page says how many
 * rows the file will hold; with JavaScript on and off.
 */

/** A fresh pmm with a product, and a fresh pm's orders on it: two Ordered, one Cancelled. */
async function pmmWithOrders(fixtures: DataFixtures) {
  const { pmm, order } = await freshProduct(fixtures, 'xp')
  const [a, b, c] = [
    order({ prefix: 'XP', name: 'A', statusId: 'ordered' }),
    order({ prefix: 'XP', name: 'B', statusId: 'cancelled' }),
    order({ prefix: 'XP', name: 'C', statusId: 'ordered' }),
  ].map((o) => o.orderNumber)
  return { pmm, numbers: { ordered: [a!, c!], cancelled: b! } }
}

/** Presses Export (CSV) and reads the order numbers of the file's rows, in order. */
async function exportedNumbers(page: Page) {
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export (CSV)' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/)
  const lines = (await fs.readFile(await file.path())).toString('utf8').split('\r\n')
  const header = lines[0]!.replace(/^\uFEFF/, '').split(',')
  const at = header.indexOf('Order Number')
  return lines.slice(1, -1).map((line) => line.split(',')[at]!.replace(/^"|"$/g, ''))
}

test('Export (CSV) holds what the filter form shows, before Search too, and says how many rows', async ({
  page,
  jsEnabled,
  openAs,
  insertNewUser,
  insertNewProduct,
}) => {
  const { pmm, numbers } = await pmmWithOrders({ insertNewUser, insertNewProduct })
  await openAs(pmm, '/orders?clear=1')
  await expect(page.getByText('The file will hold 3 rows.')).toBeVisible()

  // Status = Cancelled chosen, Search not pressed: the file holds the cancelled order alone.
  await page.getByLabel('Status').selectOption({ label: 'Cancelled' })
  if (jsEnabled) {
    await expect(
      page.getByText(
        'The filters were changed: the file holds what the form shows. Press Search to see how many rows match.',
      ),
    ).toBeVisible()
  }
  expect(await exportedNumbers(page)).toEqual([numbers.cancelled])

  // The page's sort goes with the form: order number, Z to A.
  await page.goto('/orders?clear=1')
  await page.goto('/orders?sort=orderNumber&dir=desc&status=ordered')
  await ready(page, jsEnabled)
  await expect(page.getByText('The file will hold 2 rows.')).toBeVisible()
  expect(await exportedNumbers(page)).toEqual([...numbers.ordered].reverse())

  // No row matches: nothing to export, and the page says why.
  await page.goto('/orders?status=reviewed')
  await ready(page, jsEnabled)
  await expect(page.getByRole('button', { name: 'Export (CSV)' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Export (CSV)' })).toHaveAccessibleDescription(
    'No rows match these filters, so there is nothing to export. Change the filters and press Search.',
  )

  // With JavaScript, another search, then Back: the form shows the page's filters again, and
  // says no change. (Without it the browser's Back restores the form as the user left it.)
  if (!jsEnabled) return
  await page.getByLabel('Status').selectOption({ label: 'Cancelled' })
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByText('The file will hold 1 row.')).toBeVisible()
  await page.goBack()
  await expect(page.getByLabel('Status')).toHaveValue('reviewed')
  await expect(page.getByRole('button', { name: 'Export (CSV)' })).toBeDisabled()
  await expect(page.getByText(/^The filters were changed/)).toHaveCount(0)
})

import { expectNoSeriousViolations } from './axe'
import { expect, expectToast, ready, test, type DataFixtures, type Page } from './utils'
import { freshProduct } from './order-data'

/*
 * Issue 30, item 3: a pmm selects the 25 orders of a page and sets them Delivered in one go. One
 * of them was changed by someone else after the page was loaded: it is skipped and named, the 24
 * others change, and Undo puts them back. With JavaScript the answer is a toast with Undo in the
 * list; without, a confirmation page with an Undo button.
 */

async function pmmWithOrders(fixtures: DataFixtures) {
  const { pmm, order } = await freshProduct(fixtures, 'bulk')
  const orders = Array.from({ length: 25 }, (_, i) =>
    order({ prefix: 'BULK', name: String(i).padStart(2, '0') }),
  )
  return { pmm, orders }
}

/** Someone else (the pm) changes an order's status now, after the pmm's page was loaded. */
async function changedBySomeoneElse(orderId: number) {
  const { sqlite } = await import('../db/client')
  await new Promise((r) => setTimeout(r, 5))
  sqlite
    .prepare(`update orders set status_id = 'reviewed', updated_at = ? where id = ?`)
    .run(Date.now(), orderId)
}

/** Each row's status by its order number, as the list shows them. */
function statusesShown(page: Page) {
  return page.evaluate(() => {
    const table = document.querySelector('table.table')!
    const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent!.trim())
    const [number, status] = [headers.indexOf('Order Number'), headers.indexOf('Status')]
    return Object.fromEntries(
      [...table.querySelectorAll('tbody tr')].map((tr) => [
        tr.children[number]!.textContent!.trim(),
        tr.children[status]!.textContent!.trim(),
      ]),
    )
  })
}

const expected = (
  orders: Array<{ id: number; orderNumber: string }>,
  staleId: number,
  status: string,
) => Object.fromEntries(orders.map((o) => [o.orderNumber, o.id === staleId ? 'Reviewed' : status]))

test('a pmm sets 25 orders Delivered: 24 change, the one changed meanwhile is named, Undo restores them', async ({
  page,
  jsEnabled,
  openAs,
  insertNewUser,
  insertNewProduct,
}) => {
  const { pmm, orders } = await pmmWithOrders({ insertNewUser, insertNewProduct })
  await openAs(pmm, '/orders?clear=1')
  const list = page.url()
  await page.getByRole('link', { name: 'Select orders' }).click()
  await ready(page, jsEnabled)
  const boxes = page.getByRole('checkbox', { name: /^Select order / })
  await expect(boxes).toHaveCount(25)
  const stale = orders[7]!
  await changedBySomeoneElse(stale.id)

  const bar = page.getByRole('form', { name: 'Change the status of the selected orders' })
  if (jsEnabled) {
    // The first box, then Shift+click on the last: the range between them.
    await boxes.first().click()
    await boxes.last().click({ modifiers: ['Shift'] })
    await expect(bar.getByText('25 orders selected')).toBeVisible()
  } else {
    for (const box of await boxes.all()) await box.check()
  }
  await bar.getByLabel('New status').selectOption('Delivered')
  await bar.getByRole('button', { name: 'Set status' }).click()

  const done = `Status set to Delivered on 24 orders (1 skipped: ${stale.orderNumber} changed by someone else since the page was loaded).`
  if (jsEnabled) {
    await expect(bar.getByRole('status')).toHaveText(`${done} Undo`)
    await expect(page).toHaveURL(`${list}?select=1`)
    await expect(boxes.first()).not.toBeChecked()
    await expect.poll(() => statusesShown(page)).toEqual(expected(orders, stale.id, 'Delivered'))
    // axe on the selection form with its toast (0 serious).
    await expectNoSeriousViolations(page, 'the selection form with its toast', {
      include: '.bulk-bar',
    })
    await bar.getByRole('button', { name: 'Undo' }).click()
    await expect(bar.getByRole('status')).toHaveText(
      'Undone: 24 orders are back to their previous status.',
    )
  } else {
    await expect(page).toHaveURL(/\/orders\/bulk\?/)
    await expect(page.getByText(done)).toBeVisible()
    await page.getByRole('button', { name: 'Undo' }).click()
    await expect(page).toHaveURL(list)
    await expectToast(page, 'Undone: 24 orders are back to their previous status.', 'success')
  }
  await ready(page, jsEnabled)
  await expect.poll(() => statusesShown(page)).toEqual(expected(orders, stale.id, 'Ordered'))
})

test('more than 500 orders matching the filters: a clear message, nothing changed', async ({
  page,
  jsEnabled,
  openAs,
  insertNewUser,
  insertNewProduct,
}) => {
  const { pmm, order } = await freshProduct({ insertNewUser, insertNewProduct }, 'bulk501')
  const { sqlite } = await import('../db/client')
  sqlite
    .transaction(() => {
      for (let i = 0; i < 501; i += 1) order({ prefix: 'MANY', name: String(i) })
    })
    .immediate()
  await openAs(pmm, '/orders?clear=1')
  await page.getByRole('link', { name: 'Select orders' }).click()
  await ready(page, jsEnabled)
  const bar = page.getByRole('form', { name: 'Change the status of the selected orders' })
  await bar.getByRole('checkbox', { name: 'Select all 501 orders matching the filters' }).check()
  await bar.getByLabel('New status').selectOption('Onhold')
  await bar.getByRole('button', { name: 'Set status' }).click()
  const message =
    'At most 500 orders can be changed at once; 501 are selected. Narrow the filters or select fewer orders.'
  if (jsEnabled) await expect(bar.getByRole('status')).toHaveText(message)
  else await expectToast(page, message, 'error')
  await ready(page, jsEnabled)
  expect(Object.values(await statusesShown(page))).toEqual(Array(25).fill('Ordered'))
})

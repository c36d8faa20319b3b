import { expectNoSeriousViolations } from './axe'
import { expect, expectToast, ready, test } from './utils'
import { freshProduct } from './order-data'

/*
 * Issue 30, items 1 and 2: the command palette (Ctrl+K), the `?` help dialog, the `g` shortcuts,
 * and the switch on the profile that turns the single keys off. The palette and the shortcuts
 * need JavaScript; the Help page and the switch work without it.
 */

test('the palette finds a pm’s own order by a part of its number (never another pm’s) and opens it', async ({
  page,
  jsEnabled,
  openAs,
  insertNewUser,
  insertNewProduct,
}) => {
  test.skip(!jsEnabled, 'the palette needs JavaScript')
  const { pm, order } = await freshProduct({ insertNewUser, insertNewProduct }, 'pal')
  const mine = order({ prefix: 'PAL', name: 'mine' })
  const other = await insertNewUser({ role: 'pm', prefix: 'pal-other' })
  const { makeOrder } = await import('../server/factories')
  const { db } = await import('../db/client')
  const { products } = await import('../db/schema')
  const { eq } = await import('drizzle-orm')
  const product = db.select().from(products).where(eq(products.id, mine.productId)).get()!
  const theirs = makeOrder({
    product,
    user: { id: other.id },
    orderNumber: mine.orderNumber.replace('mine', 'theirs'),
  })
  await openAs(pm, '/dashboard')
  await page.keyboard.press('Control+k')
  const palette = page.getByRole('dialog', { name: 'Go to' })
  await expect(palette).toBeVisible()
  const box = palette.getByRole('combobox', {
    name: 'Order number, product id, customer email or screen',
  })
  await expect(box).toBeFocused()
  await box.fill(mine.orderNumber.slice(0, -5))
  const options = palette.getByRole('option')
  await expect(options).toHaveText([`Order ${mine.orderNumber} (${mine.customerEmail})`])
  await expect(palette.getByText(theirs.orderNumber)).toHaveCount(0)
  await expectNoSeriousViolations(page, 'the palette', { include: '.palette' })
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: `Order ${mine.orderNumber}` })).toBeVisible()
  // The destination is remembered: the next palette offers it first.
  await page.keyboard.press('Control+k')
  await expect(palette.getByRole('option').first()).toHaveText(
    `Recent ${mine.orderNumber} (${mine.customerEmail})`,
  )
  await page.keyboard.press('Escape')
  await expect(palette).toBeHidden()
})

test('? shows the shortcuts, g o goes to the orders, / focuses the search; off on the profile', async ({
  page,
  jsEnabled,
  openAsNewUser,
}) => {
  test.skip(!jsEnabled, 'the shortcuts need JavaScript')
  await openAsNewUser({ role: 'pmm', prefix: 'kbd-keys' }, '/dashboard')
  await page.keyboard.press('?')
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(help).toBeVisible()
  await expect(help.getByRole('row', { name: 'g then o Go to the orders' })).toBeVisible()
  await expectNoSeriousViolations(page, 'the help dialog', { include: '.help-dialog' })
  await page.keyboard.press('Escape')
  await expect(help).toBeHidden()
  await page.keyboard.press('g')
  await page.keyboard.press('o')
  await expect(page).toHaveURL(/\/orders$/)
  await ready(page, jsEnabled)
  await page.keyboard.press('/')
  await expect(page.getByLabel('Search by customer email')).toBeFocused()
  // Typed in a field, the keys are text.
  await page.keyboard.type('g?')
  await expect(page.getByLabel('Search by customer email')).toHaveValue('g?')
  await expect(help).toBeHidden()

  await page.goto('/userProfile')
  await ready(page, jsEnabled)
  await page.getByRole('button', { name: 'Turn keyboard shortcuts off' }).click()
  await expectToast(page, 'Keyboard shortcuts turned off.', 'success')
  await page.locator('body').click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('?')
  await expect(page.getByRole('button', { name: 'Turn keyboard shortcuts on' })).toBeVisible()
  await expect(help).toBeHidden()
  // Ctrl+K has a modifier: it stays.
  await page.keyboard.press('Control+k')
  await expect(page.getByRole('dialog', { name: 'Go to' })).toBeVisible()
})

test('the Help page lists the shortcuts and turns them off, without JavaScript too', async ({
  page,
  jsEnabled,
  openAsNewUser,
}) => {
  await openAsNewUser({ role: 'pm', prefix: 'kbd-help' }, '/userProfile')
  await page.getByRole('link', { name: 'Help: every keyboard shortcut' }).click()
  await expect(page).toHaveURL(/\/help$/)
  await ready(page, jsEnabled)
  await expect(page.getByRole('table', { name: 'Keyboard shortcuts' })).toContainText(
    'Open the command palette',
  )
  await expect(page.getByRole('row', { name: /Go to the users/ })).toHaveCount(0)
  await page.getByRole('button', { name: 'Turn keyboard shortcuts off' }).click()
  await expectToast(page, 'Keyboard shortcuts turned off.', 'success')
  await expect(page.getByText('Single-key keyboard shortcuts are off.')).toBeVisible()
})

test('j, x and Shift+J select orders from the keyboard in the selection', async ({
  page,
  jsEnabled,
  openAs,
  insertNewUser,
  insertNewProduct,
}) => {
  test.skip(!jsEnabled, 'the shortcuts need JavaScript')
  const { pmm, order } = await freshProduct({ insertNewUser, insertNewProduct }, 'kbd-x')
  const [first, second, third] = ['1', '2', '3'].map((name) => order({ prefix: 'KX', name }))
  await openAs(pmm, '/orders?clear=1&select=1')
  const box = (o: { orderNumber: string }) =>
    page.getByRole('checkbox', { name: `Select order ${o.orderNumber}` })
  // The list is newest first: j focuses the first row (the third order), x selects it.
  await page.locator('body').click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('j')
  await expect(page.getByRole('link', { name: `View order ${third!.orderNumber}` })).toBeFocused()
  await page.keyboard.press('x')
  await expect(box(third!)).toBeChecked()
  await page.keyboard.press('Shift+J')
  await expect(box(second!)).toBeChecked()
  await expect(box(first!)).not.toBeChecked()
  await expect(page.getByText('2 orders selected')).toBeVisible()
  await expectNoSeriousViolations(page, 'the selection toolbar', { include: '.bulk-bar' })
})

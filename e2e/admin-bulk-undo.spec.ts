import { expectNoSeriousViolations } from './axe'
import { expect, expectToast, ready, test, type DataFixtures, type Page } from './utils'

/*
 * Issue 30, item 3: an admin's bulk disable answers with a toast holding an Undo (a form button,
 * with JavaScript and without) that enables the products again for 10 seconds, all or none; after
 * another change to one of them, Undo names it and changes nothing.
 */

async function adminWithProducts({ insertNewUser, insertNewProduct }: DataFixtures) {
  const admin = await insertNewUser({ role: 'admin', prefix: 'undo-admin' })
  const pmm = await insertNewUser({ role: 'pmm', prefix: 'undo-owner' })
  const made = []
  for (let i = 0; i < 3; i += 1) made.push(await insertNewProduct({ ownerId: pmm.id }))
  return { admin, products: made }
}

async function statuses(ids: number[]) {
  const { db } = await import('../db/client')
  const { products } = await import('../db/schema')
  const { inArray, asc } = await import('drizzle-orm')
  return db
    .select({ s: products.status })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .all()
    .map((r) => r.s)
}

async function disableSelected(page: Page, pIds: number[]) {
  for (const pId of pIds) {
    await page.getByRole('checkbox', { name: `Select product ${pId}` }).check()
  }
  await page
    .getByRole('form', { name: 'Enable or disable the selected products' })
    .getByRole('button', { name: 'Disable selected' })
    .click()
}

test('an admin disables three products and Undo in the toast enables them again', async ({
  page,
  jsEnabled,
  openAs,
  insertNewUser,
  insertNewProduct,
}) => {
  const { admin, products } = await adminWithProducts({ insertNewUser, insertNewProduct })
  const ids = products.map((p) => p.id)
  await openAs(admin, '/all/product?clear=1')
  await disableSelected(
    page,
    products.map((p) => p.pId),
  )
  const toast = await expectToast(page, 'Disabled 3 products.', 'success')
  await ready(page, jsEnabled)
  expect(await statuses(ids)).toEqual(['disabled', 'disabled', 'disabled'])
  if (jsEnabled) {
    // axe on the toast with its Undo (0 serious); the markup is the same without JavaScript.
    await expectNoSeriousViolations(page, 'the toast with its Undo', { include: '[data-toast]' })
  }
  await toast.getByRole('button', { name: 'Undo' }).click()
  await expectToast(page, 'Undone: 3 products are enabled again.', 'success')
  await expect(page).toHaveURL('/all/product')
  expect(await statuses(ids)).toEqual(['published', 'published', 'published'])
})

test('Undo after another change to one of the products is refused and changes nothing', async ({
  page,
  jsEnabled,
  openAs,
  insertNewUser,
  insertNewProduct,
}) => {
  const { admin, products } = await adminWithProducts({ insertNewUser, insertNewProduct })
  const ids = products.map((p) => p.id)
  await openAs(admin, '/all/product?clear=1')
  await disableSelected(
    page,
    products.map((p) => p.pId),
  )
  const toast = await expectToast(page, 'Disabled 3 products.', 'success')
  await ready(page, jsEnabled)
  // Meanwhile another admin enables the second product again.
  const { sqlite } = await import('../db/client')
  sqlite
    .prepare(`update products set status = 'published', updated_at = ? where id = ?`)
    .run(Date.now() + 1, products[1]!.id)
  await toast.getByRole('button', { name: 'Undo' }).click()
  await expectToast(
    page,
    `Undo is no longer possible: product ${products[1]!.pId} changed again since; nothing was changed.`,
    'error',
  )
  expect(await statuses(ids)).toEqual(['disabled', 'published', 'disabled'])
})

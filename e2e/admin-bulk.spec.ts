import { expect, expectToast, ready, test } from './utils'

/*
 * Issue 30, item 3: an admin disables several products, and several users, at once: a checkbox
 * per row and the list's Disable selected, with JavaScript and without; the answer is a toast.
 */

test('an admin disables two products and two users at once', async ({
  page,
  jsEnabled,
  openAs,
  insertNewUser,
  insertNewProduct,
}) => {
  const admin = await insertNewUser({ role: 'admin', prefix: 'bulk-admin' })
  const pmm = await insertNewUser({ role: 'pmm', prefix: 'bulk-owner' })
  const [a, b] = [
    await insertNewProduct({ ownerId: pmm.id }),
    await insertNewProduct({ ownerId: pmm.id }),
  ]
  const [pm1, pm2] = [
    await insertNewUser({ role: 'pm', prefix: 'bulk-pm1' }),
    await insertNewUser({ role: 'pm', prefix: 'bulk-pm2' }),
  ]

  await openAs(admin, '/all/product?clear=1')
  for (const p of [a, b]) {
    await page.getByRole('checkbox', { name: `Select product ${p.pId}` }).check()
  }
  const products = page.getByRole('form', { name: 'Enable or disable the selected products' })
  await products.getByRole('button', { name: 'Disable selected' }).click()
  await expectToast(page, 'Disabled 2 products.', 'success')
  await ready(page, jsEnabled)
  const { db } = await import('../db/client')
  const { products: table, users } = await import('../db/schema')
  const { inArray } = await import('drizzle-orm')
  const statuses = () =>
    db
      .select({ s: table.status })
      .from(table)
      .where(inArray(table.id, [a.id, b.id]))
      .all()
      .map((r) => r.s)
  expect(statuses()).toEqual(['disabled', 'disabled'])

  await page.goto('/all/pm?clear=1')
  await ready(page, jsEnabled)
  for (const u of [pm1, pm2]) await page.getByRole('checkbox', { name: `Select ${u.name}` }).check()
  await page
    .getByRole('form', { name: 'Enable or disable the selected users' })
    .getByRole('button', { name: 'Disable selected' })
    .click()
  await expectToast(page, 'Disabled 2 users.', 'success')
  const enabled = db
    .select({ e: users.isEnable })
    .from(users)
    .where(inArray(users.id, [pm1.id, pm2.id]))
    .all()
    .map((r) => r.e)
  expect(enabled).toEqual([false, false])
})

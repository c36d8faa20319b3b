import { expect, expectFieldError, expectToast, ready, signIn, test, type Page } from './utils'

const CAPTION = 'Markets'
const addForm = (page: Page) => page.getByRole('region', { name: 'Add a market' })
const list = (page: Page) => page.getByRole('table', { name: CAPTION })

test('an admin adds a market, finds it, and renames it; the products filter shows the new name', async ({
  page,
  jsEnabled,
  insertNewUser,
}) => {
  const stamp = `${Date.now().toString(36)}${jsEnabled ? 'j' : 'n'}`
  const name = `Bazaar ${stamp}`
  // An admin of its own: the list remembers its place per user, and the other project's run of
  // this test searches at the same time.
  const admin = await insertNewUser({ role: 'admin', prefix: 'markets' })
  await signIn(page, admin.email, jsEnabled)
  const card = page.getByRole('main').getByRole('link', { name: /^Markets: \d+$/ })
  await expect(card).toHaveAttribute('href', '/all/markets?card=1')
  await page.goto('/all/markets')
  await ready(page, jsEnabled)
  await expect(page.getByRole('heading', { level: 1, name: 'Markets' })).toBeAttached()
  await expect(list(page).getByRole('columnheader')).toHaveText(['Name', 'Short Name', 'Action'])

  // Add: refused without a name, then with a name taken in another case, then added.
  const form = addForm(page)
  const add = form.getByRole('button', { name: 'Add', exact: true })
  await add.click()
  await expectFieldError(form.getByLabel('Name', { exact: true }), 'Please enter the market name.')
  await form.getByLabel('Name', { exact: true }).fill('amazon GERMANY')
  await form.getByLabel('Short Name').fill(`S-${stamp}`)
  await add.click()
  await expectFieldError(
    form.getByLabel('Name', { exact: true }),
    'A market with this name already exists.',
  )
  await form.getByLabel('Name', { exact: true }).fill(name)
  await add.click()
  await expectToast(page, 'Market added successfully.', 'success')
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('')

  // Search by a part of the name.
  await page.getByLabel('Search by name or short name').fill(stamp)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`q=${stamp}`))
  await expect(list(page).getByRole('row')).toHaveCount(2)
  await expect(list(page).getByRole('row').nth(1).getByRole('cell').first()).toHaveText(name)

  // Rename: the step opens inline; Cancel closes it; a new name is saved, the search kept.
  await list(page)
    .getByRole('link', { name: `Rename ${name}` })
    .click()
  const rename = page.getByRole('region', { name: `Rename ${name}` })
  await expect(rename.getByLabel('New name')).toHaveValue(name)
  await rename.getByRole('link', { name: 'Cancel' }).click()
  await expect(rename).toHaveCount(0)
  await list(page)
    .getByRole('link', { name: `Rename ${name}` })
    .click()
  await rename.getByLabel('New name').fill(`Souk ${stamp}`)
  await rename.getByRole('button', { name: 'Rename' }).click()
  await expectToast(page, 'Market renamed successfully.', 'success')
  await expect(page).toHaveURL(`/all/markets?q=${stamp}`)
  await expect(list(page).getByRole('row').nth(1).getByRole('cell').first()).toHaveText(
    `Souk ${stamp}`,
  )

  await page.goto('/all/product')
  await expect(
    page.getByLabel('Market').getByRole('option', { name: `Souk ${stamp}` }),
  ).toBeAttached()
})

import {
  apiGetProduct,
  apiRelease,
  apiReserve,
  apiSignIn,
  bearer,
  DEMO,
  expect,
  expectFieldError,
  expectNoFieldError,
  expectTabs,
  expectToast,
  isoDate,
  PID_MESSAGES,
  ready,
  RESERVE_MESSAGES,
  rowOf,
  rowRecord,
  table,
  test as base,
  unusedProductId,
  type InsertedUser,
  type Page,
} from './utils'

const PM_TABS = ['PRODUCTS', 'ADD NEW RESERVATION', 'RESERVED']
const RESERVATIONS_TABS = ['ADD NEW RESERVATION', 'RESERVED']
const EMPTY = 'No data in the table'

/** The RESERVED table's columns on /activeProducts; /reservations adds Time Left. */
const RESERVED_HEADERS = [
  '#',
  'User',
  'Reserved By',
  'Product ID',
  'Creation Time',
  'Image',
  'View',
  'Release',
  'Create Order',
]
const RESERVATIONS_HEADERS = [...RESERVED_HEADERS.slice(0, -1), 'Time Left', 'Create Order']

const productIdField = (page: Page) => page.getByLabel('Enter Product ID')

const test = base.extend<{
  /**
   * Opens a reserve form (`form`: on the Products screen or /reservations) as a fresh pm: its
   * screen's tabs with ADD NEW RESERVATION current, and the reserve time.
   */
  openReserveForm: (form: string, prefix: string) => Promise<InsertedUser>
}>({
  openReserveForm: async ({ page, openAsNewUser }, use) => {
    await use(async (form, prefix) => {
      const pm = await openAsNewUser({ role: 'pm', prefix }, form)
      const tabs = form.startsWith('/reservations') ? RESERVATIONS_TABS : PM_TABS
      await expectTabs(page, tabs, 'ADD NEW RESERVATION')
      await expect(page.getByText('Reserve Time: 60 Minutes', { exact: true })).toBeVisible()
      return pm
    })
  },
})

test.describe('reserving from the PRODUCTS table', () => {
  test('a pm reserves, sees it on /reservations and releases it', async ({
    page,
    jsEnabled,
    openProductAsNewPm,
  }) => {
    const { pmm, product, pm, list } = await openProductAsNewPm('res-table')
    const products = table(page, 'Products')
    const row = rowOf(products, product.pId)
    expect(await rowRecord(products, row)).toMatchObject({
      'Seller Name': pmm.name,
      'Today Remaining': '5',
      'Total Remaining': '40',
      'Sale Limit': '40',
      Reserve: 'Reserve',
    })

    const day = isoDate()
    await row.getByRole('button', { name: `Reserve product ${product.pId}` }).click()
    await expectToast(page, RESERVE_MESSAGES.success, 'success')
    // Back on the same filtered list (at the row, without JavaScript), one unit fewer today and
    // in all.
    await expect(page).toHaveURL(jsEnabled ? list : `${list}#product-${product.pId}`)
    await expect(row.getByRole('cell').nth(2)).toHaveText('4')
    await expect(row.getByRole('cell').nth(3)).toHaveText('39')

    await page.goto('/reservations')
    await ready(page, jsEnabled)
    await expectTabs(page, RESERVATIONS_TABS, 'RESERVED')
    const reserved = table(page, 'Reserved products')
    await expect(reserved.getByRole('columnheader')).toHaveText(RESERVATIONS_HEADERS)
    const reservedRow = rowOf(reserved, product.pId)
    await expect(reserved.getByRole('row')).toHaveCount(2)
    const record = await rowRecord(reserved, reservedRow)
    expect([day, isoDate()]).toContain(record['Creation Time'])
    expect(record).toEqual({
      '#': '1',
      User: pmm.name,
      'Reserved By': pm.name,
      'Product ID': String(product.pId),
      'Creation Time': record['Creation Time'],
      Image: '',
      View: 'View',
      Release: 'RELEASE',
      'Time Left': '59 MINUTES LEFT',
      'Create Order': 'CREATE ORDER',
    })
    await expect(reservedRow.getByText('59 MINUTES LEFT', { exact: true })).toBeVisible()
    await expect(
      reservedRow.getByRole('link', { name: `View product ${product.pId}` }),
    ).toHaveAttribute('href', `/view/${product.pId}?back=%2Freservations`)
    await expect(
      reservedRow.getByRole('link', { name: `Create order for product ${product.pId}` }),
    ).toHaveAttribute('href', `/orders?tab=add&pId=${product.pId}`)

    await reservedRow.getByRole('button', { name: `Release product ${product.pId}` }).click()
    await expectToast(page, RESERVE_MESSAGES.released, 'success')
    await expect(page).toHaveURL(
      jsEnabled ? /\/reservations$/ : /\/reservations#reserved-products$/,
    )
    await expect(reservedRow).toHaveCount(0)
    await expect(reserved.getByRole('cell', { name: EMPTY })).toBeVisible()

    // The unit is free again.
    await page.goto(list)
    await expect(row.getByRole('cell').nth(2)).toHaveText('5')
    await expect(row.getByRole('cell').nth(3)).toHaveText('40')
  })
})

test.describe('ADD NEW RESERVATION on the Products screen', () => {
  const CASES = [
    ['', PID_MESSAGES.required],
    ['abc', PID_MESSAGES.number],
    ['12345', PID_MESSAGES.min],
    ['1234567', PID_MESSAGES.max],
    ['123456.5', PID_MESSAGES.number],
  ] as const

  test('checks the product ID with the spec messages', async ({
    page,
    jsEnabled,
    openReserveForm,
  }) => {
    await openReserveForm('/activeProducts?tab=reserve', 'res-validate')
    await expect(page.getByRole('link', { name: 'CANCEL' })).toBeVisible()
    const field = productIdField(page)
    await expectNoFieldError(field)

    const posts: string[] = []
    page.on('request', (req) => {
      if (req.method() === 'POST') posts.push(req.url())
    })
    for (const [value, message] of CASES) {
      await field.fill(value)
      if (jsEnabled) {
        // With JavaScript the message comes as the field loses focus, before any request.
        await field.focus()
        await field.blur()
      } else {
        await page.getByRole('button', { name: 'RESERVE NOW' }).click()
        await expect(page).toHaveURL(/\/activeProducts\?tab=reserve$/)
      }
      await expectFieldError(field, message)
      await expect(field).toHaveValue(value)
    }
    if (jsEnabled) {
      // RESERVE NOW with a wrong id sends nothing either.
      await page.getByRole('button', { name: 'RESERVE NOW' }).click()
      await expectFieldError(field, CASES.at(-1)![1])
      expect(posts).toEqual([])
    } else {
      expect(posts).toHaveLength(CASES.length)
    }
  })

  test('CANCEL empties the field and its error', async ({ page, jsEnabled, openAs }) => {
    // The demo marketer: this test only reads, so it leaves no data behind.
    await openAs({ email: DEMO.pm }, '/activeProducts?tab=reserve')
    const field = productIdField(page)
    await field.fill('4242')
    if (jsEnabled) {
      // Leaving the field shows its error first.
      await field.blur()
      await expectFieldError(field, PID_MESSAGES.min)
    }
    await page.getByRole('link', { name: 'CANCEL' }).click()
    await expect(page).toHaveURL(/\/activeProducts\?tab=reserve$/)
    await expectTabs(page, PM_TABS, 'ADD NEW RESERVATION')
    await expect(field).toHaveValue('')
    await expectNoFieldError(field)
  })

  test('CANCEL pressed with the mouse straight from a typed field empties it, without its error', async ({
    page,
    jsEnabled,
    openAs,
  }) => {
    await openAs({ email: DEMO.pm }, '/activeProducts?tab=reserve')
    const field = productIdField(page)
    await field.fill('123')
    // The mouse, not the keyboard: pressed while the field still has the focus.
    const cancel = page.getByRole('link', { name: 'CANCEL' })
    const box = (await cancel.boundingBox())!
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await expect(page).toHaveURL(/\/activeProducts\?tab=reserve$/)
    await expect(field).toHaveValue('')
    await expectNoFieldError(field)
    if (jsEnabled) await expect(page.getByText(PID_MESSAGES.min)).toHaveCount(0)
  })

  // On both screens' forms (the /reservations one too): the toast, and the reason in the form.
  for (const form of ['/activeProducts?tab=reserve', '/reservations?tab=reserve']) {
    test(`an unknown id is refused in the form and with an error toast (${form})`, async ({
      page,
      openReserveForm,
    }) => {
      const pm = await openReserveForm(form, 'res-unknown')
      const token = await apiSignIn(page.request, pm.email, pm.password)
      const unknown = await unusedProductId(page.request, token)
      await productIdField(page).fill(String(unknown))
      await page.getByRole('button', { name: 'RESERVE NOW' }).click()
      const message = RESERVE_MESSAGES.notFound(unknown)
      await expectToast(page, message, 'error')
      await expect(
        page.locator('form.reserve-form').getByText(message, { exact: true }),
      ).toBeVisible()
      await expect(page).toHaveURL(form)
      await expect(productIdField(page)).toHaveValue('')
    })
  }

  test('a valid id reserves and leads to the RESERVED tab', async ({
    page,
    openReserveForm,
    insertProductOfNewPmm,
  }) => {
    const { pmm, product } = await insertProductOfNewPmm({ prefix: 'res-pmm' })
    const pm = await openReserveForm('/activeProducts?tab=reserve', 'res-tab')
    await productIdField(page).fill(String(product.pId))
    await page.getByRole('button', { name: 'RESERVE NOW' }).click()
    await expectToast(page, RESERVE_MESSAGES.success, 'success')
    await expect(page).toHaveURL(/\/activeProducts\?tab=reserved$/)
    await expectTabs(page, PM_TABS, 'RESERVED')
    const reserved = table(page, 'Reserved products')
    await expect(reserved.getByRole('columnheader')).toHaveText(RESERVED_HEADERS)
    expect(await rowRecord(reserved, rowOf(reserved, product.pId))).toMatchObject({
      '#': '1',
      User: pmm.name,
      'Reserved By': pm.name,
      'Product ID': String(product.pId),
      Release: 'Release',
      'Create Order': 'Create Order',
    })
  })
})

test.describe('ADD NEW RESERVATION on /reservations', () => {
  test('free text is refused by the server and the field comes back empty', async ({
    page,
    jsEnabled,
    openReserveForm,
  }) => {
    await openReserveForm('/reservations?tab=reserve', 'res-free')
    for (const [value, message] of [
      ['abc', PID_MESSAGES.number],
      ['', PID_MESSAGES.required],
      ['12345', PID_MESSAGES.min],
    ]) {
      await ready(page, jsEnabled)
      await productIdField(page).fill(value)
      await page.getByRole('button', { name: 'RESERVE NOW' }).click()
      await expectToast(page, message, 'error')
      await expect(page).toHaveURL(/\/reservations\?tab=reserve$/)
      await expect(productIdField(page)).toHaveValue('')
      // No field-level message here: the spec has no client-side rules on this screen.
      await expectNoFieldError(productIdField(page))
    }

    // CANCEL empties the field.
    await productIdField(page).fill('4242')
    await page.getByRole('link', { name: 'CANCEL' }).click()
    await expect(page).toHaveURL(/\/reservations\?tab=reserve$/)
    await expect(productIdField(page)).toHaveValue('')
  })

  test('a valid id reserves, lists it, and the same id again is refused', async ({
    page,
    jsEnabled,
    insertNewUser,
    openReserveForm,
    insertProductOfNewPmm,
  }) => {
    const { product } = await insertProductOfNewPmm({ prefix: 'res-pmm' })
    const pm = await openReserveForm('/reservations?tab=reserve', 'res-twice')
    await productIdField(page).fill(` ${product.pId} `)
    await page.getByRole('button', { name: 'RESERVE NOW' }).click()
    await expectToast(page, RESERVE_MESSAGES.success, 'success')
    await expect(page).toHaveURL(/\/reservations$/)
    await expectTabs(page, RESERVATIONS_TABS, 'RESERVED')
    const reserved = table(page, 'Reserved products')
    await expect(reserved.getByRole('row')).toHaveCount(2)
    expect(await rowRecord(reserved, rowOf(reserved, product.pId))).toMatchObject({
      'Reserved By': pm.name,
      'Time Left': '59 MINUTES LEFT',
    })

    await page.goto('/reservations?tab=reserve')
    await ready(page, jsEnabled)
    await productIdField(page).fill(String(product.pId))
    await page.getByRole('button', { name: 'RESERVE NOW' }).click()
    await expectToast(page, RESERVE_MESSAGES.duplicate, 'error')
    await expect(page).toHaveURL(/\/reservations\?tab=reserve$/)
    await expect(productIdField(page)).toHaveValue('')
    // Still one reservation, one unit taken.
    await page.goto('/reservations')
    await expect(reserved.getByRole('row')).toHaveCount(2)
    const other = await insertNewUser({ role: 'pm', prefix: 'res-twice-check' })
    const tokenOfOther = await apiSignIn(page.request, other.email, other.password)
    expect((await apiGetProduct(page.request, tokenOfOther, product.pId)).todayRemaining).toBe(4)
  })
})

test.describe('quota', () => {
  test("when today's limit is taken, a second pm cannot reserve", async ({
    page,
    jsEnabled,
    insertNewUser,
    insertProductOfNewPmm,
    signInAsNewUser,
  }) => {
    const { product } = await insertProductOfNewPmm({
      prefix: 'res-pmm',
      limitPerDay: 1,
      limit: 10,
    })
    const first: InsertedUser = await insertNewUser({ role: 'pm', prefix: 'quota-first' })
    const firstToken = await apiSignIn(page.request, first.email, first.password)
    const reserved = await apiReserve(page.request, firstToken, product.pId)
    expect(reserved.status()).toBe(201)

    await signInAsNewUser({ role: 'pm', prefix: 'quota-second' })
    const list = `/activeProducts?tab=products&productId=${product.pId}`
    await page.goto(list)
    const row = rowOf(table(page, 'Products'), product.pId)
    await expect(row.getByRole('cell').nth(2)).toHaveText('0')
    await expect(row.getByRole('cell').nth(3)).toHaveText('9')
    const reserve = row.getByRole('button', { name: `Reserve product ${product.pId}` })
    await expect(reserve).toBeDisabled()

    // By id, on both screens: the daily limit message.
    for (const [form, back] of [
      ['/activeProducts?tab=reserve', /\/activeProducts\?tab=reserve$/],
      ['/reservations?tab=reserve', /\/reservations\?tab=reserve$/],
    ] as const) {
      await page.goto(form)
      await ready(page, jsEnabled)
      await productIdField(page).fill(String(product.pId))
      await page.getByRole('button', { name: 'RESERVE NOW' }).click()
      await expectToast(page, RESERVE_MESSAGES.todayFull, 'error')
      await expect(page).toHaveURL(back)
    }
    await page.goto('/reservations')
    await expect(table(page, 'Reserved products').getByRole('cell', { name: EMPTY })).toBeVisible()

    // Once the first pm releases it, the unit is free for the second.
    expect((await apiRelease(page.request, firstToken, product.pId)).status()).toBe(200)
    await page.goto(list)
    await ready(page, jsEnabled)
    await expect(row.getByRole('cell').nth(2)).toHaveText('1')
    await expect(reserve).toBeEnabled()
    await reserve.click()
    await expectToast(page, RESERVE_MESSAGES.success, 'success')
    await expect(row.getByRole('cell').nth(2)).toHaveText('0')
    await expect(
      row.getByRole('button', { name: `Reserved product ${product.pId}`, exact: true }),
    ).toBeDisabled()
  })
})

test.describe('the RESERVED list', () => {
  test('filters by Seller Name, Market and Product ID, kept in the URL', async ({
    page,
    jsEnabled,
    insertProductOfNewPmm,
    signInAsNewUser,
  }) => {
    const { pmm: pmmA, product: a } = await insertProductOfNewPmm({
      prefix: 'res-filter-a',
      market: 'IT',
    })
    const { pmm: pmmB, product: b } = await insertProductOfNewPmm({
      prefix: 'res-filter-b',
      market: 'CA',
    })
    const pm = await signInAsNewUser({ role: 'pm', prefix: 'res-filter-pm' })
    const token = await apiSignIn(page.request, pm.email, pm.password)
    for (const p of [a, b])
      expect((await apiReserve(page.request, token, p.pId)).status()).toBe(201)

    await page.goto('/reservations')
    const reserved = table(page, 'Reserved products')
    // Newest first.
    await expect(reserved.getByRole('row').nth(1)).toContainText(String(b.pId))
    await expect(reserved.getByRole('row').nth(2)).toContainText(String(a.pId))
    await expect(reserved.getByRole('row')).toHaveCount(3)

    const filters = page.getByRole('search', { name: 'Filter reservations' })
    const only = async (pId: number) => {
      await expect(reserved.getByRole('row')).toHaveCount(2)
      await expect(rowOf(reserved, pId)).toHaveCount(1)
    }
    await ready(page, jsEnabled)
    await filters.getByLabel('Seller Name').selectOption(String(pmmA.id))
    await filters.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(new RegExp(`[?&]sellerName=${pmmA.id}(&|$)`))
    await only(a.pId)

    // The bare list would come back to these filters (it remembers them): Clear filters.
    await page.goto('/reservations?clear=1')
    await ready(page, jsEnabled)
    await filters.getByLabel('Market').selectOption({ label: 'Amazon Canada' })
    await filters.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(/[?&]market=\d+(&|$)/)
    await only(b.pId)

    await page.goto('/reservations?clear=1')
    await ready(page, jsEnabled)
    await filters.getByLabel('Search By Product ID').fill(String(a.pId))
    await filters.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(new RegExp(`[?&]searchByID=${a.pId}(&|$)`))
    await only(a.pId)
    await expect(filters.getByLabel('Search By Product ID')).toHaveValue(String(a.pId))

    // Filters that exclude each other find nothing.
    await page.goto(`/reservations?tab=reserved&sellerName=${pmmB.id}&searchByID=${a.pId}`)
    await expect(reserved.getByRole('cell', { name: EMPTY })).toBeVisible()
  })

  test("a pm cannot release another pm's reservation", async ({
    page,
    insertNewUser,
    signInAsNewUser,
    insertProductOfNewPmm,
  }) => {
    const { product } = await insertProductOfNewPmm({ prefix: 'res-pmm' })
    const owner = await insertNewUser({ role: 'pm', prefix: 'res-owner' })
    const ownerToken = await apiSignIn(page.request, owner.email, owner.password)
    expect((await apiReserve(page.request, ownerToken, product.pId)).status()).toBe(201)
    const list = await page.request.get('/api/v1/reserve/', { headers: bearer(ownerToken) })
    const [held] = ((await list.json()) as { data: Array<{ _id: string }> }).data
    expect(held?._id).toMatch(/^\d+$/)

    await signInAsNewUser({ role: 'pm', prefix: 'res-thief' })
    const res = await page.request.post('/reservations', {
      form: { intent: 'release', reservationId: held._id },
      maxRedirects: 0,
    })
    expect(res.status()).toBe(302)
    await page.goto(res.headers()['location'])
    await expectToast(page, 'Server error: No active reservation found for this product.', 'error')
    // Still held by its owner.
    const after = await page.request.get('/api/v1/reserve/', { headers: bearer(ownerToken) })
    expect(((await after.json()) as { data: unknown[] }).data).toHaveLength(1)
    expect((await apiGetProduct(page.request, ownerToken, product.pId)).todayRemaining).toBe(4)
  })

  test('a disabled product cannot be reserved', async ({
    page,
    jsEnabled,
    insertProductOfNewPmm,
    signInAsNewUser,
  }) => {
    const { product } = await insertProductOfNewPmm({ prefix: 'res-pmm', status: 'disabled' })
    await signInAsNewUser({ role: 'pm', prefix: 'res-disabled' })
    await page.goto(`/activeProducts?tab=products&productId=${product.pId}`)
    await expect(table(page, 'Products').getByRole('cell', { name: EMPTY })).toBeVisible()
    await page.goto('/reservations?tab=reserve')
    await ready(page, jsEnabled)
    await productIdField(page).fill(String(product.pId))
    await page.getByRole('button', { name: 'RESERVE NOW' }).click()
    await expectToast(page, 'This product is disabled and cannot be reserved.', 'error')
  })
})

import {
  apiRegister,
  apiSignIn,
  bearer,
  expect,
  expectFieldError,
  expectLoaded,
  expectTabs,
  expectToast,
  FIXTURES,
  isoDate,
  MARKETS,
  newProduct,
  pageTab,
  productMultipart,
  ready,
  rowOf,
  rowRecord,
  signInWith,
  table,
  test,
  unusedProductId,
  type NewProduct,
  type Page,
} from './utils'

const NOT_FOUND = 'This is the 404 page!!'
const PMM_TABS = ['ADD', 'PRODUCTS', 'ADD NEW RESERVATION', 'RESERVED']
const PM_TABS = ['PRODUCTS', 'ADD NEW RESERVATION', 'RESERVED']
const PRODUCT_HEADERS = [
  'Seller Name',
  'Market',
  'Today Remaining',
  'Total Remaining',
  'Sale Limit',
  'Commission',
  'Keyword',
  'Product ID',
  'Image',
  'View',
]
/** The last column of the PRODUCTS table: a pmm's switch, a pm's Reserve button. */
const ROLE_COLUMN = { pmm: 'Status', pm: 'Reserve' } as const
const ROLE_TABS = { pmm: PMM_TABS, pm: PM_TABS }

/** The PRODUCTS tab is the current one, with the role's tabs and the table's columns. */
async function expectProductsTab(page: Page, role: 'pmm' | 'pm') {
  await expectTabs(page, ROLE_TABS[role], 'PRODUCTS')
  await expect(table(page, 'Products').getByRole('columnheader')).toHaveText([
    ...PRODUCT_HEADERS,
    ROLE_COLUMN[role],
  ])
}

const LIMITS_MESSAGE = 'The daily sale limit cannot be more than the overall sale limit.'

/** Fills the ADD form's fields (not the pictures). */
async function fillProductForm(page: Page, p: NewProduct) {
  await page.getByLabel('Keywords', { exact: true }).fill(p.keywords)
  await page.getByLabel('Brand Name', { exact: true }).fill(p.brandName)
  await page.getByLabel('Sold By', { exact: true }).fill(p.soldBy)
  await page.getByLabel('Market', { exact: true }).selectOption({ label: MARKETS[p.market] })
  await page.getByLabel('Chinese Seller', { exact: true }).selectOption({ label: p.chineseSeller })
  await page.getByLabel('Category', { exact: true }).selectOption({ label: p.categoryId })
  await page.getByLabel('Commission', { exact: true }).fill(p.commission)
  await page.getByLabel('Website Commission', { exact: true }).fill(p.websiteCommission)
  await page.getByLabel('Daily Sale Limit', { exact: true }).fill(String(p.limitPerDay))
  await page.getByLabel('Overall Sale Limit', { exact: true }).fill(String(p.limit))
  if (p.marketing) await page.getByLabel('End Marketing Date', { exact: true }).fill(p.marketing)
  await page.getByLabel('Instruction', { exact: true }).fill(p.instruction)
  await page.getByLabel('Refund Policy', { exact: true }).fill(p.refundPolicy)
  await page.getByLabel('Commission Policy', { exact: true }).fill(p.commissionPolicy)
}

async function attachPictures(page: Page) {
  await page.getByLabel('Product Picture', { exact: true }).setInputFiles(FIXTURES.product)
  await page.getByLabel('Marketplace Picture', { exact: true }).setInputFiles(FIXTURES.marketplace)
}

/** The search parameters of the page's URL. */
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams)

test.describe('a pmm adds a product', () => {
  test('with both pictures, finds it with the filters, disables and re-enables it', async ({
    page,
    jsEnabled,
    openAsNewUser,
  }) => {
    test.setTimeout(60_000)
    const pmm = await openAsNewUser(
      { role: 'pmm', prefix: 'add-product' },
      '/activeProducts?tab=add',
    )
    const product = newProduct({ market: 'DE', marketing: isoDate(30) })
    await expectTabs(page, PMM_TABS, 'ADD')
    // The three texts come filled with the spec's defaults.
    await expect(page.getByLabel('Instruction', { exact: true })).toHaveValue(
      /^Please leave a 5 star positive review of 3-4 lines\./,
    )
    await expect(page.getByLabel('Refund Policy', { exact: true })).toHaveValue(
      'Refund after the review: the product price plus the fee is covered.',
    )
    await expect(page.getByLabel('Commission Policy', { exact: true })).toHaveValue(
      'Commission is paid after the review. No commission on deleted reviews.',
    )

    await fillProductForm(page, product)
    await attachPictures(page)
    await page.getByRole('button', { name: 'Add Product' }).click()
    await expectToast(page, 'Product added successfully.', 'success')
    await expect(page).toHaveURL(/\/activeProducts\?tab=products$/)
    await expectProductsTab(page, 'pmm')

    // A fresh manager lists this one product.
    const products = table(page, 'Products')
    await expect(products.getByRole('row')).toHaveCount(2)
    const pId = Number(
      await products.getByRole('row').nth(1).getByRole('cell').nth(7).textContent(),
    )
    expect(pId).toBeGreaterThanOrEqual(100000)
    expect(pId).toBeLessThanOrEqual(999999)

    // The filters: keyword, Market and Product ID, kept in the URL.
    const filters = page.getByRole('search', { name: 'Filter products' })
    const keyword = product.keywords.split(' ')[0]
    await ready(page, jsEnabled)
    await filters.getByLabel('Search by keyword').fill(keyword)
    await filters.getByLabel('Market').selectOption({ label: MARKETS.DE })
    await filters.getByLabel('Product ID').fill(String(pId))
    await filters.getByRole('button', { name: 'Search' }).click()
    await expect
      .poll(() => query(page))
      .toMatchObject({
        tab: 'products',
        searchByKey: keyword,
        market: expect.stringMatching(/^\d+$/),
        productId: String(pId),
      })
    const filtered = page.url()
    const row = rowOf(products, pId)
    await expect(row).toHaveCount(1)
    await expect(products.getByRole('row')).toHaveCount(2)
    expect(await rowRecord(products, row)).toEqual({
      'Seller Name': pmm.name,
      Market: 'DE',
      'Today Remaining': '5',
      'Total Remaining': '40',
      'Sale Limit': '40',
      Commission: '12.50',
      Keyword: product.keywords,
      'Product ID': String(pId),
      Image: '',
      View: 'View',
      Status: '',
    })
    // Image: a 50×50 thumbnail that loads.
    const thumb = row.getByRole('cell').nth(8).locator('img')
    await expect(thumb).toHaveAttribute('width', '50')
    await expect(thumb).toHaveAttribute('height', '50')
    await expectLoaded(thumb)
    const box = await thumb.boundingBox()
    expect(box && [Math.round(box.width), Math.round(box.height)]).toEqual([50, 50])
    const thumbRes = await page.request.get((await thumb.getAttribute('src'))!)
    expect(thumbRes.status()).toBe(200)
    expect(thumbRes.headers()['content-type']).toMatch(/^image\//)
    // It takes the filtered list along, for the detail page's Back.
    const back = new URL(filtered)
    await expect(row.getByRole('link', { name: `View product ${pId}` })).toHaveAttribute(
      'href',
      `/view/${pId}?${new URLSearchParams({ back: back.pathname + back.search })}`,
    )

    // Both pictures and the end marketing date typed in the form were stored.
    await page.goto(`/view/${pId}`)
    await expect(page.getByRole('term').last()).toHaveText('End Marketing Date')
    await expect(page.getByRole('definition').last()).toHaveText(product.marketing!)
    const pictures = [
      page.getByRole('img', { name: `${product.brandName}: product picture` }),
      page.getByRole('img', { name: `${product.brandName}: marketplace picture` }),
    ]
    for (const picture of pictures) await expectLoaded(picture)
    expect(await pictures[0].getAttribute('src')).not.toBe(await pictures[1].getAttribute('src'))

    // The filtered list is a bookmark: opened afresh it shows the same filters and row.
    await page.goto(filtered)
    await expect(filters.getByLabel('Search by keyword')).toHaveValue(keyword)
    await expect(filters.getByLabel('Market').locator('option:checked')).toHaveText(MARKETS.DE)
    await expect(filters.getByLabel('Product ID')).toHaveValue(String(pId))
    await expect(row).toHaveCount(1)

    // Each filter really filters: another market, or another keyword, finds nothing.
    await ready(page, jsEnabled)
    await filters.getByLabel('Market').selectOption({ label: MARKETS.US })
    await filters.getByRole('button', { name: 'Search' }).click()
    await expect
      .poll(() => query(page).market)
      .not.toBe(new URL(filtered).searchParams.get('market'))
    await expect(products.getByRole('cell', { name: 'No data in the table' })).toBeVisible()
    await page.goto(`/activeProducts?tab=products&searchByKey=${keyword}x`)
    await expect(products.getByRole('cell', { name: 'No data in the table' })).toBeVisible()
    await page.goto(`/activeProducts?tab=products&searchByKey=${keyword}`)
    await expect(row).toHaveCount(1)

    // Disable it with the switch.
    await page.goto(filtered)
    await ready(page, jsEnabled)
    const off = row.getByRole('switch', { name: `Product ${pId} published` })
    await expect(off).toBeChecked()
    await off.click()
    await expectToast(page, 'Successfully disabled product.', 'success')
    // Without JavaScript the answer returns to the row (it has left this list).
    await expect(page).toHaveURL(jsEnabled ? filtered : `${filtered}#product-${pId}`)
    await expect(products.getByRole('cell', { name: 'No data in the table' })).toBeVisible()

    // It waits on /disabledProduct, where it is enabled again.
    await page.goto('/disabledProduct')
    await ready(page, jsEnabled)
    await expectTabs(page, ['DISABLED PRODUCTS'], 'DISABLED PRODUCTS')
    const disabled = table(page, 'Disabled products')
    const disabledRow = rowOf(disabled, pId)
    await expect(disabled.getByRole('row')).toHaveCount(2)
    expect(await rowRecord(disabled, disabledRow)).toMatchObject({
      'Seller Name': pmm.name,
      Market: 'DE',
      'Product ID': String(pId),
    })
    const on = disabledRow.getByRole('switch', { name: `Product ${pId} published` })
    await expect(on).not.toBeChecked()
    await on.click()
    await expectToast(page, 'Successfully enabled product.', 'success')
    await expect(page).toHaveURL(
      jsEnabled ? /\/disabledProduct$/ : new RegExp(`/disabledProduct#product-${pId}$`),
    )
    await expect(disabled.getByRole('cell', { name: 'No data in the table' })).toBeVisible()

    await page.goto(filtered)
    await expect(row.getByRole('switch', { name: `Product ${pId} published` })).toBeChecked()
  })

  test('a daily limit above the overall limit is refused and the typed values stay', async ({
    page,
    jsEnabled,
    signInAsNewUser,
  }) => {
    await signInAsNewUser({ role: 'pmm', prefix: 'add-limits' })
    const product = newProduct({
      market: 'FR',
      categoryId: 'Pet Supplies',
      chineseSeller: '宁波宠物用品有限公司',
      limitPerDay: 50,
      limit: 10,
      marketing: isoDate(10),
    })
    await page.goto('/activeProducts?tab=add')
    await ready(page, jsEnabled)
    await fillProductForm(page, product)
    await attachPictures(page)
    const posts: number[] = []
    page.on('response', (res) => {
      if (res.request().method() === 'POST') posts.push(res.status())
    })
    await page.getByRole('button', { name: 'Add Product' }).click()
    await expectFieldError(page.getByLabel('Daily Sale Limit', { exact: true }), LIMITS_MESSAGE)
    await expect(page).toHaveURL(/\/activeProducts\?tab=add$/)
    // Without JavaScript the server refused the form; with it the same rule ran in the page first.
    if (!jsEnabled) expect(posts).toEqual([400])

    const values: Array<[string, string]> = [
      ['Keywords', product.keywords],
      ['Brand Name', product.brandName],
      ['Sold By', product.soldBy],
      ['Website Commission', product.websiteCommission],
      ['Daily Sale Limit', '50'],
      ['Overall Sale Limit', '10'],
      ['End Marketing Date', product.marketing!],
      ['Instruction', product.instruction],
      ['Refund Policy', product.refundPolicy],
      ['Commission Policy', product.commissionPolicy],
    ]
    for (const [label, value] of values) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue(value)
    }
    await expect(page.getByLabel('Commission', { exact: true })).toHaveValue(product.commission)
    for (const [label, option] of [
      ['Market', MARKETS.FR],
      ['Chinese Seller', product.chineseSeller],
      ['Category', product.categoryId],
    ]) {
      await expect(page.getByLabel(label, { exact: true }).locator('option:checked')).toHaveText(
        option,
      )
    }

    // Corrected, the same form goes through (the pictures are chosen again).
    await ready(page, jsEnabled)
    await page.getByLabel('Daily Sale Limit', { exact: true }).fill('10')
    await attachPictures(page)
    await page.getByRole('button', { name: 'Add Product' }).click()
    await expectToast(page, 'Product added successfully.', 'success')
    await expect(page).toHaveURL(/\/activeProducts\?tab=products$/)
    // The refused submission stored nothing: one product only.
    const products = table(page, 'Products')
    await expect(products.getByRole('row')).toHaveCount(2)
    await expect(products.getByRole('cell', { name: product.keywords, exact: true })).toBeVisible()
  })

  test('an end marketing date in the past is refused by the server', async ({
    page,
    jsEnabled,
    signInAsNewUser,
  }) => {
    await signInAsNewUser({ role: 'pmm', prefix: 'add-past' })
    const product = newProduct({ marketing: isoDate(-2) })
    await page.goto('/activeProducts?tab=add')
    await ready(page, jsEnabled)
    await fillProductForm(page, product)
    await attachPictures(page)
    const posted = page.waitForResponse(
      (res) => res.request().method() === 'POST' && res.url().includes('/activeProducts'),
    )
    await page.getByRole('button', { name: 'Add Product' }).click()
    // The page cannot know the server's date: this rule is the server's in both modes.
    expect((await posted).status()).toBe(400)
    const date = page.getByLabel('End Marketing Date', { exact: true })
    await expectFieldError(date, 'The end marketing date cannot be in the past.')
    await expect(date).toHaveValue(product.marketing!)
    await expect(page.getByLabel('Keywords', { exact: true })).toHaveValue(product.keywords)
    await page.goto('/activeProducts?tab=products')
    await expect(
      table(page, 'Products').getByRole('cell', { name: 'No data in the table' }),
    ).toBeVisible()
  })
})

test.describe('product detail', () => {
  test('shows every field, both pictures and a Back button', async ({
    page,
    jsEnabled,
    openProductAsNewPm,
  }) => {
    const p = newProduct({ market: 'UK', limitPerDay: 3, limit: 20, marketing: isoDate(45) })
    const { pmm, product: created, list } = await openProductAsNewPm('detail', p)
    await rowOf(table(page, 'Products'), created.pId)
      .getByRole('link', { name: `View product ${created.pId}` })
      .click()
    await expect(page).toHaveURL(`/view/${created.pId}?${new URLSearchParams({ back: list })}`)
    await expect(page.getByRole('heading', { name: p.brandName, level: 1 })).toBeVisible()

    const fields: Array<[string, string]> = [
      ['Keywords', p.keywords],
      ['Brand Name', p.brandName],
      // What a phone's compact product card leaves out is here.
      ['Seller Name', pmm.name],
      ['Sold By', p.soldBy],
      ['Market', `${MARKETS.UK} (UK)`],
      ['Commission', '12.50'],
      ['Product ID', String(created.pId)],
      ['Daily Sale Limit', '3'],
      ['Total Remaining', '20'],
      ['Overall Sale Limit', '20'],
      ['End Marketing Date', p.marketing!],
    ]
    const terms = page.getByRole('term')
    await expect(terms).toHaveText(fields.map(([label]) => label))
    await expect(page.getByRole('definition')).toHaveText(fields.map(([, value]) => value))
    for (const [heading, text] of [
      ['Instruction', p.instruction],
      ['Refund Condition', p.refundPolicy],
      ['Commission Condition', p.commissionPolicy],
    ]) {
      await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible()
      await expect(page.getByText(text, { exact: true })).toBeVisible()
    }

    const picture = page.getByRole('img', { name: `${p.brandName}: product picture` })
    const marketplace = page.getByRole('img', { name: `${p.brandName}: marketplace picture` })
    await expectLoaded(picture)
    await expectLoaded(marketplace)
    // Two different pictures: the product's is landscape, the marketplace's portrait.
    expect(await picture.getAttribute('src')).not.toBe(await marketplace.getAttribute('src'))
    const size = (img: typeof picture) =>
      img.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight])
    const [pw, ph] = await size(picture)
    const [mw, mh] = await size(marketplace)
    expect(pw).toBeGreaterThan(ph)
    expect(mh).toBeGreaterThan(mw)

    await ready(page, jsEnabled)
    await page.getByRole('link', { name: 'Back' }).click()
    // Back returns to the filtered list it came from (in the View link's `?back=`), at the row.
    await expect(page).toHaveURL(`${list}#product-${created.pId}`)
    await expect(page.getByRole('table', { name: 'Products' })).toBeVisible()
  })

  test("an admin's View from All Products comes back to it; a foreign back goes to the list", async ({
    page,
    insertProductOfNewPmm,
    openAsNewUser,
  }) => {
    const { product: created } = await insertProductOfNewPmm({ prefix: 'detail-admin' })
    const list = `/all/product?productId=${created.pId}`
    await openAsNewUser({ role: 'admin', prefix: 'detail-admin' }, list)
    await rowOf(table(page, 'All products'), created.pId)
      .getByRole('link', { name: `View product ${created.pId}` })
      .click()
    await page.getByRole('link', { name: 'Back' }).click()
    await expect(page).toHaveURL(`${list}#product-${created.pId}`)

    await page.goto(`/view/${created.pId}?back=${encodeURIComponent('https://evil.example/x')}`)
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      `/all/product#product-${created.pId}`,
    )
  })

  for (const path of ['/view/123', '/view/abcdef', '/view/1234567']) {
    test(`${path} shows the 404 page`, async ({ page, signInAsNewUser }) => {
      await signInAsNewUser({ role: 'pm', prefix: 'detail-404' })
      const res = await page.goto(path)
      expect(res?.status()).toBe(404)
      await expect(page.getByRole('heading', { name: NOT_FOUND })).toBeVisible()
    })
  }

  test('an unknown 6-digit id and a disabled product show the 404 page to a pm', async ({
    page,
    insertProductOfNewPmm,
    signInAsNewUser,
  }) => {
    const { pmm, product: created } = await insertProductOfNewPmm({
      prefix: 'detail-dis',
      status: 'disabled',
    })
    const unknown = await unusedProductId(
      page.request,
      await apiSignIn(page.request, pmm.email, pmm.password),
    )
    await signInAsNewUser({ role: 'pm', prefix: 'detail-dis-pm' })
    for (const pId of [unknown, created.pId]) {
      const res = await page.goto(`/view/${pId}`)
      expect(res?.status()).toBe(404)
      await expect(page.getByRole('heading', { name: NOT_FOUND })).toBeVisible()
    }
  })
})

test.describe('buyer link', () => {
  test('a pm finds the product card and downloads its picture', async ({
    page,
    jsEnabled,
    insertNewUser,
    openAsNewUser,
    insertNewProduct,
  }) => {
    const pmm = await insertNewUser({ role: 'pmm', prefix: 'buyer' })
    const p = newProduct()
    const created = await insertNewProduct({ ownerId: pmm.id, ...p })
    await openAsNewUser({ role: 'pm', prefix: 'buyer-pm' }, '/buyerLink')
    await expectTabs(page, ['BUYER LINK'], 'BUYER LINK')
    const filters = page.getByRole('search', { name: 'Filter products' })
    await filters.getByLabel('Product ID').fill(String(created.pId))
    await filters.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(new RegExp(`[?&]productId=${created.pId}(&|$)`))

    const cards = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2 }) })
    await expect(cards).toHaveCount(1)
    const card = cards.filter({ has: page.getByRole('heading', { name: p.brandName, level: 2 }) })
    await expect(card).toBeVisible()
    await expect(card.getByText(`Keywords: ${p.keywords}`, { exact: true })).toBeVisible()
    await expect(card.getByText(`Instruction: ${p.instruction}`, { exact: true })).toBeVisible()
    await expect(card.getByText(`Product ID: ${created.pId}`, { exact: true })).toBeVisible()
    const picture = card.locator('img')
    await expectLoaded(picture)
    // Sized for the card (320 px; 800 px on dense screens), its place reserved before it loads.
    await expect(picture).toHaveAttribute('width', '320')
    await expect(picture).toHaveAttribute('height', '240')
    await expect(picture).toHaveAttribute('srcset', /^\S+\/small 320w, \S+\/medium 800w$/)
    expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/small$/)
    const small = await page.request.get((await picture.getAttribute('src'))!)
    expect(small.headers()['content-type']).toBe('image/webp')

    const download = card.getByRole('link', { name: 'Download Image' })
    await expect(download).toBeVisible()
    const href = (await download.getAttribute('href'))!
    const res = await page.request.get(href)
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toMatch(/^image\//)
    expect(res.headers()['content-disposition']).toMatch(/^attachment; filename=".+\.\w+"$/)
    expect((await res.body()).length).toBeGreaterThan(0)

    if (jsEnabled) {
      // The browser saves it as a file.
      const [file] = await Promise.all([page.waitForEvent('download'), download.click()])
      expect(file.suggestedFilename()).toMatch(/\.\w+$/)
    }
  })

  test('pictures past the first row of cards load lazily, with and without JavaScript', async ({
    page,
    insertNewUser,
    insertNewProduct,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 })
    const pmm = await insertNewUser({ role: 'pmm', prefix: 'buyer-rows' })
    for (let i = 0; i < 5; i++) await insertNewProduct({ ownerId: pmm.id })
    await signInWith(page.request, pmm.email, pmm.password)
    await page.goto('/buyerLink')
    const cards = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2 }) })
    const pictures = cards.locator('img')
    await expect(pictures).toHaveCount(5)
    // The first row of three is asked for at once; the second row's pictures, below the screen,
    // are the browser's to load as they come near it, their address in the page either way.
    for (let i = 0; i < 3; i++) {
      await expectLoaded(pictures.nth(i))
      await expect(pictures.nth(i)).not.toHaveAttribute('loading', 'lazy')
    }
    for (let i = 3; i < 5; i++) {
      await expect(pictures.nth(i)).toHaveAttribute('loading', 'lazy')
      await expect(pictures.nth(i)).toHaveAttribute('src', /./)
    }
    const later = cards.nth(3)
    await expect(later.getByRole('link', { name: 'Download Image' })).toBeVisible()
    await later.scrollIntoViewIfNeeded()
    await expectLoaded(pictures.nth(3))
  })

  test('a pmm sees their own products only', async ({
    page,
    insertProductOfNewPmm,
    signInAsNewUser,
  }) => {
    const { pmm, product: mine } = await insertProductOfNewPmm({ prefix: 'buyer-own' })
    await insertProductOfNewPmm({ prefix: 'buyer-other' })
    await signInAsNewUser({ role: 'pmm', prefix: 'buyer-viewer' })
    await page.goto('/buyerLink')
    await expect(page.getByText('No data in the table', { exact: true })).toBeVisible()

    await page.context().clearCookies()
    await signInWith(page.request, pmm.email, pmm.password)
    await page.goto('/buyerLink')
    const headings = page.getByRole('listitem').getByRole('heading', { level: 2 })
    await expect(headings).toHaveText([mine.brandName])
  })
})

test.describe('tabs by role', () => {
  test('a pmm has ADD, PRODUCTS, ADD NEW RESERVATION, RESERVED and starts on PRODUCTS', async ({
    page,
    openAsNewUser,
  }) => {
    await openAsNewUser({ role: 'pmm', prefix: 'tabs-pmm' }, '/activeProducts')
    await expectProductsTab(page, 'pmm')
    await pageTab(page, 'ADD').click()
    await expect(page).toHaveURL(/\/activeProducts\?tab=add$/)
    await expect(page.getByRole('button', { name: 'Add Product' })).toBeVisible()
    await pageTab(page, 'RESERVED').click()
    await expect(page).toHaveURL(/\/activeProducts\?tab=reserved$/)
    await expectTabs(page, PMM_TABS, 'RESERVED')
    await expect(page.getByRole('table', { name: 'Reserved products' })).toBeVisible()
  })

  test('a pm has no ADD tab and cannot open it', async ({ page, openAsNewUser }) => {
    await openAsNewUser({ role: 'pm', prefix: 'tabs-pm' }, '/activeProducts')
    await expectProductsTab(page, 'pm')
    await pageTab(page, 'ADD NEW RESERVATION').click()
    await expect(page).toHaveURL(/\/activeProducts\?tab=reserve$/)
    await expectTabs(page, PM_TABS, 'ADD NEW RESERVATION')

    await page.goto('/activeProducts?tab=add')
    await expectTabs(page, PM_TABS, 'PRODUCTS')
    await expect(page.getByRole('button', { name: 'Add Product' })).toHaveCount(0)
    await expect(page.getByLabel('Brand Name')).toHaveCount(0)
  })

  test('a pm gets the 404 page on /disabledProduct', async ({ page, signInAsNewUser }) => {
    await signInAsNewUser({ role: 'pm', prefix: 'tabs-404' })
    const res = await page.goto('/disabledProduct')
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: NOT_FOUND })).toBeVisible()
    await expect(page.getByRole('table')).toHaveCount(0)
  })

  test('a pm cannot add a product, through the ADD form or the API', async ({ page }) => {
    const pm = await apiRegister(page.request, 'pm', 'tabs-post')
    const product = newProduct()
    const body = await productMultipart(page.request, pm.token, product)
    await signInWith(page.request, pm.email, pm.password)
    const form = await page.request.post('/activeProducts?tab=add', {
      multipart: { intent: 'add', ...body },
      maxRedirects: 0,
    })
    expect(form.status()).toBe(403)
    const api = await page.request.post('/api/v1/product/', {
      headers: bearer(pm.token),
      multipart: body,
    })
    expect(api.status()).toBe(403)
    expect(await api.json()).toEqual({ success: false, message: 'You are not allowed to do this.' })
    const search = await page.request.get(
      `/api/v1/product/?searchByKey=${encodeURIComponent(product.keywords)}`,
      { headers: bearer(pm.token) },
    )
    expect(search.status()).toBe(200)
    expect(((await search.json()) as { total: number }).total).toBe(0)
  })
})

import {
  apiReserve,
  apiSignIn,
  DEMO,
  expect,
  expectTabs,
  expectToast,
  jsOnly,
  pageTab,
  ready,
  RESERVE_MESSAGES,
  sidebar,
  signIn,
  test as base,
  uniqueEmail,
  uniqueWord,
  type InsertedProduct,
  type Page,
} from './utils'

/*
 * Keyboard, phone and slow-network behaviour (issue 10, section 3): the place kept after a row
 * action, pending states, the drawer, the skip link and focus after navigation, toasts, tabs, and
 * no signed-in page from the cache after logging out. Controls are reached and pressed with the
 * keyboard (focus, then Enter, Space, Tab or Escape).
 */

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 720 },
  { name: 'phone', width: 390, height: 800 },
] as const

const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '')
const activeRowId = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('tr')?.id ?? '')

/** Signs in, then loads the dashboard afresh (signing in is a client navigation with JavaScript). */
async function dashboardFreshlyLoaded(page: Page, email: string, jsEnabled: boolean) {
  await signIn(page, email, jsEnabled)
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.reload()
  await ready(page, jsEnabled)
}

const test = base.extend<{
  /**
   * A fresh pmm's products under one keyword, the target first: the list, filtered by the
   * keyword and newest first, shows the target in its last row, below the fold.
   */
  deepProduct: (prefix: string) => Promise<{ target: InsertedProduct; list: string }>
}>({
  deepProduct: async ({ insertProductOfNewPmm, insertNewProduct }, use) => {
    await use(async (prefix) => {
      const keyword = uniqueWord('deep')
      const { pmm, product: target } = await insertProductOfNewPmm({
        prefix: `${prefix}-pmm`,
        keywords: `${keyword} target`,
      })
      for (let i = 0; i < 12; i++) {
        await insertNewProduct({ ownerId: pmm.id, keywords: `${keyword} other ${i}` })
      }
      return { target, list: `/activeProducts?tab=products&searchByKey=${keyword}` }
    })
  },
})

for (const viewport of VIEWPORTS) {
  test.describe(`a row action at ${viewport.width} px`, () => {
    test.use({ viewport })

    test('Reserve keeps the place in the list', async ({
      page,
      jsEnabled,
      deepProduct,
      openAsNewUser,
    }) => {
      const { target, list } = await deepProduct('deep')
      await openAsNewUser({ role: 'pm', prefix: 'deep-pm' }, list)
      const rowId = `product-${target.pId}`
      const row = page.locator(`#${rowId}`)
      const reserve = row.getByRole('button', { name: `Reserve product ${target.pId}` })
      await reserve.focus()
      // The row is deep in the page: the browser scrolled to reach it.
      const scrolled = await page.evaluate(() => window.scrollY)
      expect(scrolled).toBeGreaterThan(0)
      const liveRegion = await page.locator('.toaster [role=status]').elementHandle()
      await page.keyboard.press('Enter')

      await expectToast(page, RESERVE_MESSAGES.success, 'success')
      // Held now: named by what it shows.
      const held = row.getByRole('button', { name: `Reserved product ${target.pId}`, exact: true })
      await expect(held).toHaveText('Reserved')
      await expect(held).toBeDisabled()
      if (jsEnabled) {
        // Answered in place: same URL, same scroll position, the focus still in the row, and
        // the toast put into the live region that was already in the page (so it is announced).
        await expect(page).toHaveURL(new RegExp(`${list.replace('?', '\\?')}$`))
        await expect.poll(() => activeRowId(page)).toBe(rowId)
        expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)
        expect(await liveRegion!.evaluate((el) => el.isConnected && el.textContent)).toContain(
          RESERVE_MESSAGES.success,
        )
      } else {
        // The redirect comes back to the row, with the list's query.
        expect(page.url()).toMatch(new RegExp(`${list.replace('?', '\\?')}#${rowId}$`))
        await expect(row).toBeInViewport()
      }
    })
  })
}

test('Release keeps the place in the reserved list', async ({
  page,
  jsEnabled,
  insertNewUser,
  insertNewProduct,
  openAsNewUser,
}) => {
  const pmm = await insertNewUser({ role: 'pmm', prefix: 'release-pmm' })
  const pm = await openAsNewUser({ role: 'pm', prefix: 'release-pm' }, '/dashboard')
  const products = []
  for (let i = 0; i < 3; i++) products.push(await insertNewProduct({ ownerId: pmm.id }))
  const token = await apiSignIn(page.request, pm.email, pm.password)
  for (const p of products)
    expect((await apiReserve(page.request, token, p.pId)).status()).toBe(201)
  await page.goto('/reservations')
  await ready(page, jsEnabled)
  // Newest first: the middle row is the second product.
  const release = page.getByRole('button', { name: `Release product ${products[1].pId}` })
  await release.focus()
  await page.keyboard.press('Enter')
  await expectToast(page, RESERVE_MESSAGES.released, 'success')
  await expect(release).toHaveCount(0)
  if (jsEnabled) {
    // The row left the list; the focus is on the RELEASE of the row now in its place.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`Release product ${products[0].pId}`)
  } else {
    expect(page.url()).toMatch(/\/reservations#reserved-products$/)
    await expect(page.getByRole('table', { name: 'Reserved products' })).toBeInViewport()
  }
})

test.describe('pending', () => {
  jsOnly('pending states are drawn by JavaScript')

  test('a row button is busy and inactive while its form is sent; a progress bar shows', async ({
    page,
    openProductAsNewPm,
  }) => {
    const { product } = await openProductAsNewPm('pending')

    // A slow link: every POST waits until the test lets it go.
    let posts = 0
    let letGo = () => {}
    const held = new Promise<void>((resolve) => (letGo = resolve))
    await page.route('**/activeProducts**', async (route) => {
      if (route.request().method() === 'POST') {
        posts += 1
        await held
      }
      await route.continue()
    })

    const reserve = page.getByRole('button', { name: `Reserve product ${product.pId}` })
    await reserve.focus()
    await page.keyboard.press('Enter')
    await expect(reserve).toHaveAttribute('aria-busy', 'true')
    await expect(reserve).toBeDisabled()
    await expect(page.getByRole('progressbar', { name: 'Loading the page' })).toBeVisible()
    // The focus stays on the button, and a second press sends nothing.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      `Reserve product ${product.pId}`,
    )
    await page.keyboard.press('Enter')
    await page.keyboard.press('Space')
    letGo()

    await expectToast(page, RESERVE_MESSAGES.success, 'success')
    await expect(
      page.getByRole('button', { name: `Reserved product ${product.pId}`, exact: true }),
    ).toHaveText('Reserved')
    await expect(page.getByRole('progressbar')).toHaveCount(0)
    await expect(page.getByText(RESERVE_MESSAGES.duplicate)).toHaveCount(0)
    expect(posts).toBe(1)
  })
})

test.describe('the drawer at 390 px', () => {
  test.use({ viewport: { width: 390, height: 800 } })

  test('opens and closes with the keyboard and keeps the focus inside', async ({
    page,
    jsEnabled,
  }) => {
    await dashboardFreshlyLoaded(page, DEMO.pm, jsEnabled)
    const nav = sidebar(page)
    const orders = nav.getByRole('link', { name: 'Orders', exact: true })
    const menu = page.getByRole('checkbox', { name: 'Menu' })
    await expect(orders).toBeHidden()

    // Skip to content, then Menu.
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await expect(menu).toBeFocused()
    // Enter opens it (Space without JavaScript, the checkbox's own key).
    await page.keyboard.press(jsEnabled ? 'Enter' : 'Space')
    await expect(orders).toBeVisible()
    await expect(menu).toBeChecked()
    // Menu stays in view above the drawer and its backdrop, so its focus ring shows.
    const box = (await page.locator('.topbar__menu').boundingBox())!
    expect(
      await page.evaluate(
        ([x, y]) => document.elementFromPoint(x, y)?.closest('.topbar__menu') !== null,
        [box.x + box.width / 2, box.y + box.height / 2],
      ),
    ).toBe(true)

    // The next stop is the drawer's Close menu; it closes the drawer.
    await page.keyboard.press('Tab')
    const close = nav.getByRole('button', { name: 'Close menu' })
    await expect(close).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(orders).toBeHidden()
    await expect(menu).not.toBeChecked()
    if (!jsEnabled) return

    await expect(menu).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(orders).toBeVisible()
    // Tab and Shift+Tab go round Menu and the drawer's controls, never behind the backdrop.
    const stops = (await nav.locator('a[href], button').count()) + 1
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < stops + 2; i++) {
        await page.keyboard.press(key)
        const inside = await page.evaluate(
          () =>
            document.activeElement?.id === 'nav-toggle' ||
            Boolean(document.activeElement?.closest('#sidebar')),
        )
        expect(inside, `${key} ${i + 1}`).toBe(true)
      }
    }
    // Escape closes it and gives the focus back to Menu.
    await page.keyboard.press('Escape')
    await expect(orders).toBeHidden()
    await expect(menu).toBeFocused()
  })
})

for (const viewport of VIEWPORTS) {
  test.describe(`skip link and headings at ${viewport.width} px`, () => {
    test.use({ viewport })

    test('the first Tab reaches "Skip to content", which moves to the main region', async ({
      page,
      jsEnabled,
    }) => {
      await dashboardFreshlyLoaded(page, DEMO.pmm, jsEnabled)
      await page.keyboard.press('Tab')
      const skip = page.getByRole('link', { name: 'Skip to content' })
      await expect(skip).toBeFocused()
      await expect(skip).toBeInViewport()
      await page.keyboard.press('Enter')
      await expect.poll(() => activeId(page)).toBe('content')
      await expect(page.getByRole('main')).toBeFocused()
    })

    test('after a client navigation the page heading has the focus', async ({
      page,
      jsEnabled,
      signInAs,
    }) => {
      test.skip(!jsEnabled, 'without JavaScript every page is a fresh load')
      await signInAs('pmm')
      // Signing in was a client navigation: the heading got the focus.
      await expect(page.getByRole('heading', { level: 1, name: 'PMM Dashboard' })).toBeFocused()
      await page.reload()
      await ready(page, jsEnabled)
      // Not on the first load.
      expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('H1')
      const link = sidebar(page).getByRole('link', { name: 'Scammer PayPal', exact: true })
      if (viewport.width < 768) {
        await page.getByRole('checkbox', { name: 'Menu' }).focus()
        await page.keyboard.press('Enter')
      }
      await link.focus()
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(/\/scammerPaypal$/)
      await expect(page.getByRole('heading', { level: 1, name: 'Scammer PayPal' })).toBeFocused()
    })
  })
}

test.describe('toasts', () => {
  async function logOutWithKeyboard(page: Page, jsEnabled: boolean) {
    await signIn(page, DEMO.pm2, jsEnabled)
    await expect(page).toHaveURL(/\/dashboard$/)
    await ready(page, jsEnabled)
    await sidebar(page).getByRole('button', { name: 'Log Out' }).focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/login$/)
    return expectToast(page, 'Logout successfully!', 'info')
  }

  test('stay while hovered', async ({ page, jsEnabled }) => {
    const t = await logOutWithKeyboard(page, jsEnabled)
    await t.hover()
    await page.waitForTimeout(6500)
    await expect(t).toBeVisible()
    await page.mouse.move(5, 700)
    await expect(t).toBeHidden({ timeout: 8000 })
  })

  test('stay while focused', async ({ page, jsEnabled }) => {
    const t = await logOutWithKeyboard(page, jsEnabled)
    await t.getByRole('button', { name: 'Close' }).focus()
    await page.waitForTimeout(6500)
    await expect(t).toBeVisible()
    if (jsEnabled) {
      await page.keyboard.press('Enter')
      await expect(t).toBeHidden({ timeout: 1000 })
    }
  })

  test('an error stays until it is closed', async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, 'without JavaScript the close button cannot act: errors close by time')
    await signIn(page, uniqueEmail('sticky-error'), jsEnabled, 'wrong-password')
    const t = await expectToast(page, 'Incorrect username or password. Please try again.', 'error')
    await page.waitForTimeout(6500)
    await expect(t).toBeVisible()
    await t.getByRole('button', { name: 'Close' }).focus()
    await page.keyboard.press('Enter')
    await expect(t).toHaveCount(0)
  })

  test('a drag past 80 % of the width dismisses', async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, 'dragging is handled by JavaScript')
    await signIn(page, uniqueEmail('drag-error'), jsEnabled, 'wrong-password')
    const t = await expectToast(page, 'Incorrect username or password. Please try again.', 'error')
    const drag = async (fraction: number) => {
      // Where the toast is once its entrance has ended (a busy machine runs it late).
      await t.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)))
      const box = (await t.boundingBox())!
      const y = box.y + box.height / 2
      await page.mouse.move(box.x + 10, y)
      await page.mouse.down()
      await page.mouse.move(box.x + 10 + box.width * fraction, y, { steps: 10 })
      await page.mouse.up()
    }
    // 60 %: it springs back.
    await drag(0.6)
    await expect(t).toBeVisible()
    await expect.poll(() => t.evaluate((el) => (el as HTMLElement).style.transform)).toBe('')
    // 85 %: dismissed.
    await drag(0.85)
    await expect(t).toHaveCount(0)
  })
})

test('tabs are links, and only the current one is marked current', async ({ page, signInAs }) => {
  await signInAs('pmm', '/activeProducts')
  await expect(page.getByRole('tab')).toHaveCount(0)
  await expect(page.getByRole('tablist')).toHaveCount(0)
  await expectTabs(page, ['ADD', 'PRODUCTS', 'ADD NEW RESERVATION', 'RESERVED'], 'PRODUCTS')
  await expect(page.locator('main [aria-current="page"]')).toHaveCount(1)
  await pageTab(page, 'RESERVED').focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\?tab=reserved$/)
  await expectTabs(page, ['ADD', 'PRODUCTS', 'ADD NEW RESERVATION', 'RESERVED'], 'RESERVED')
  await expect(page.locator('main [aria-current="page"]')).toHaveCount(1)
})

test('after logging out, Back does not show the signed-in page', async ({ page, signInAs }) => {
  await signInAs('pmm2', '/activeProducts?tab=products')
  // Neither the document nor its client-side data may be kept by the browser.
  for (const path of ['/activeProducts?tab=products', '/activeProducts.data?tab=products']) {
    const response = await page.request.get(path)
    expect(response.status()).toBe(200)
    expect(response.headers()['cache-control']).toMatch(/no-store/)
  }
  await sidebar(page).getByRole('button', { name: 'Log Out' }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/login$/)
  await page.goBack()
  await expect(page).toHaveURL(/\/login\?redirectTo=/)
  await expect(page.getByRole('table', { name: 'Products' })).toHaveCount(0)
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
})

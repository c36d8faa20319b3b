import fs from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import sharp from 'sharp'
import { hasGps, phonePhoto, PHOTO_KEPT, PHOTO_STORED } from './phone-photo'
import type { Request } from '@playwright/test'
import { expect, expectToast, jsOnly, MARKETS, ready, test as base, type Page } from './utils'

const UPLOAD_CANCELLED = 'Upload cancelled. Everything you entered is kept.'
/** The action's request: the page's POST (no JavaScript) or Remix's `.data` one. */
const ORDER_POST = /\/orders(\.data)?\?/

let n = 0
const orderNumber = () => `UPL-${Date.now().toString(36)}-${process.pid}-${++n}`

type Order = { number: string; email: string; contact: string; remark: string }
const newOrder = (): Order => {
  const number = orderNumber()
  return {
    number,
    email: `buyer-${number.toLowerCase()}@example.test`,
    contact: 'wa +92 300 7654321',
    remark: 'Photo taken on the phone',
  }
}

const test = base.extend<{
  /**
   * A fresh pm's reservation of a fresh product, and a phone photo (`phone-photo-<name>`); signs
   * the pm in, opens the new-order form for the product and fills it in with the photo (with
   * JavaScript, until the preview shows it shrunk).
   */
  filledOrderForm: (
    name: string,
  ) => Promise<{ product: { pId: number }; photo: string; order: Order }>
}>({
  filledOrderForm: async ({ page, jsEnabled, openAs, reserveFreshProduct }, use) => {
    await use(async (name) => {
      const { pm, product } = await reserveFreshProduct(`upl-${name}`)
      const photo = await phonePhoto(`phone-photo-${name}`)
      await openAs(pm, `/orders?tab=add&pId=${product.pId}`)
      const order = newOrder()
      await page.getByLabel('Order Number').fill(order.number)
      await page.getByLabel('Market').selectOption({ label: `${MARKETS.DE} (DE)` })
      await page.getByLabel('Customer Email').fill(order.email)
      await page.getByLabel('Buyer Contact').fill(order.contact)
      await page.getByLabel('Remark').fill(order.remark)
      await page.getByLabel('Order Picture').setInputFiles(photo)
      if (jsEnabled) await expectShrunkPreview(page)
      return { product, photo, order }
    })
  },
})

async function expectFilled(page: Page, order: Order, pId: number) {
  await expect(page.getByLabel('Order Number')).toHaveValue(order.number)
  await expect(page.getByLabel('Market').locator('option:checked')).toHaveText(`${MARKETS.DE} (DE)`)
  await expect(page.getByLabel('Product ID')).toHaveValue(String(pId))
  await expect(page.getByLabel('Customer Email')).toHaveValue(order.email)
  await expect(page.getByLabel('Buyer Contact')).toHaveValue(order.contact)
  await expect(page.getByLabel('Remark')).toHaveValue(order.remark)
}

/** The preview next to the field says what goes up: the kept size, well under the photo's. */
async function expectShrunkPreview(page: Page) {
  const field = page.locator('.field', { has: page.getByLabel('Order Picture') })
  await expect(field.locator('output')).toHaveText(
    new RegExp(
      `^To send: ${PHOTO_KEPT.width} × ${PHOTO_KEPT.height}, \\d+ KB \\(chosen: 3\\.1 MB\\)$`,
    ),
  )
}

/** The order's stored picture (its original, as kept), found through the ORDERS list. */
async function storedOrderPicture(page: Page, number: string) {
  await page.goto(`/orders?orderNumber=${number}`)
  await page.getByRole('link', { name: `View order ${number}` }).click()
  await expect(page).toHaveURL(/\/orders\/view\/\d+(\?back=[^#]*)?$/)
  const href = await page
    .getByRole('region', { name: 'Order Picture' })
    .getByRole('link')
    .getAttribute('href')
  const res = await page.request.get(href!)
  expect(res.status()).toBe(200)
  return res.body()
}

test('a phone photo is shrunk in the browser before it goes up; without JavaScript it goes whole', async ({
  page,
  jsEnabled,
  filledOrderForm,
}) => {
  test.slow()
  const { photo, order } = await filledOrderForm('order')
  const original = await fs.readFile(photo)
  expect(original.length).toBeGreaterThan(3_000_000)
  expect(await hasGps(original)).toBe(true)

  // What goes up: the picture in the input (the form sends it; as chosen without JavaScript).
  const chosen = jsEnabled
    ? Buffer.from(
        await page
          .getByLabel('Order Picture')
          .evaluate(async (input: HTMLInputElement) => [
            ...new Uint8Array(await input.files![0]!.arrayBuffer()),
          ]),
      )
    : original
  const sent = page.waitForRequest((r) => r.method() === 'POST' && ORDER_POST.test(r.url()))
  await page.getByRole('button', { name: 'Create Order' }).click()
  await expectToast(page, 'Order created successfully.', 'success')
  await expect(page).toHaveURL(/\/orders#order-\d+$/)
  const request = await sent
  // Chromium reports no body size for a page's own form post: its Content-Length says it.
  const size = jsEnabled
    ? (await request.sizes()).requestBodySize
    : Number((await request.allHeaders())['content-length'])
  if (jsEnabled) {
    expect(size).toBeLessThan(400_000)
    expect(chosen.includes('Exif')).toBe(false)
    expect(await sharp(chosen).metadata()).toMatchObject(PHOTO_KEPT)
  } else {
    expect(size).toBeGreaterThan(original.length)
  }

  // Kept upright at the size the server keeps (the whole photo without JavaScript), no GPS.
  const stored = await storedOrderPicture(page, order.number)
  const { width, height } = await sharp(stored).metadata()
  expect({ width, height }).toEqual(
    jsEnabled ? PHOTO_KEPT : { width: PHOTO_STORED.height, height: PHOTO_STORED.width },
  )
  expect(await hasGps(stored)).toBe(false)
})

test.describe('the upload under way', () => {
  jsOnly('the upload is the browser’s own without JavaScript')

  // Issue 31: a send lost on the network no longer waits for Retry: the outbox keeps the order
  // (values and the shrunk picture) and sends it itself (e2e/outbox.spec.ts has the offline cases).
  test('a connection lost during the upload keeps the order in the outbox, which sends it with its picture', async ({
    page,
    filledOrderForm,
  }) => {
    test.slow()
    const { order } = await filledOrderForm('retry')

    await page.route(ORDER_POST, (route) => route.abort('internetdisconnected'), { times: 1 })
    await page.getByRole('button', { name: 'Create Order' }).click()
    await expect(
      page.getByRole('status').filter({
        hasText:
          'No connection. The order is kept on this device and will be sent when you are back online',
      }),
    ).toBeVisible()
    await expect(page.getByRole('region', { name: 'Outbox' })).toContainText(
      `Order ${order.number}: Order created successfully.`,
    )
    const stored = await storedOrderPicture(page, order.number)
    expect((await sharp(stored).metadata()).width).toBe(PHOTO_KEPT.width)
  })

  test('the upload shows an accessible progress bar and can be cancelled', async ({
    page,
    filledOrderForm,
  }) => {
    test.slow()
    const { product, order } = await filledOrderForm('progress')

    // The request is held, so the upload stays under way while it is looked at.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let request: Request | undefined
    await page.route(ORDER_POST, async (route) => {
      request = route.request()
      await held
      await route.continue().catch(() => {}) // cancelled meanwhile
    })
    await page.getByRole('button', { name: 'Create Order' }).click()
    const progress = page.getByRole('progressbar', { name: 'Uploading pictures' })
    await expect(progress).toBeVisible()
    await expect.poll(() => request).toBeDefined()
    await expect(
      page.getByRole('status').filter({ hasText: /^Uploading pictures: \d+%$/ }),
    ).toHaveCount(1)
    const { violations } = await new AxeBuilder({ page })
      .include('.upload-status')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])

    await page.getByRole('button', { name: 'Cancel upload' }).click()
    await expect(progress).toHaveCount(0)
    // The focus goes back to the button that sent the form (Cancel is gone), to send it again.
    await expect(page.getByRole('button', { name: 'Create Order' })).toBeFocused()
    await expect(page.getByRole('paragraph').filter({ hasText: UPLOAD_CANCELLED })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: UPLOAD_CANCELLED })).toHaveCount(1)
    release()
    await expectFilled(page, order, product.pId)
    await expect(page).toHaveURL(`/orders?tab=add&pId=${product.pId}`)
  })
})

test('what was typed in the new-order form survives a reload until the order is created', async ({
  page,
  jsEnabled,
  filledOrderForm,
}) => {
  test.skip(!jsEnabled, 'the draft is kept by the page’s script')
  test.slow()
  const { product, photo, order } = await filledOrderForm('draft')

  await page.reload()
  await ready(page, jsEnabled)
  await expectFilled(page, order, product.pId)

  // Once the order is created the draft is gone.
  await page.getByLabel('Order Number').click()
  await expectFilled(page, order, product.pId)
  await page.getByLabel('Order Picture').setInputFiles(photo)
  await expectShrunkPreview(page)
  await page.getByRole('button', { name: 'Create Order' }).click()
  await expectToast(page, 'Order created successfully.', 'success')
  expect(await page.evaluate(() => sessionStorage.getItem('draft:new-order'))).toBeNull()
})

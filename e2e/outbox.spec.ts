import type { BrowserContext } from '@playwright/test'
import type { OutboxItem } from '../app/components/outbox/outbox.client'
import {
  expect,
  expectToast,
  FIXTURES,
  jsOnly,
  MARKETS,
  ready,
  runOnce,
  sidebar,
  test,
  type Page,
} from './utils'

/*
 * The outbox (issue 31): a new order made without a network is kept on the device and sent when
 * the network is back, once, with its pictures; the server answers the same Idempotency-Key with
 * the first result. Chromium's own offline mode (context.setOffline) takes the network away.
 */

const KEPT =
  'No connection. The order is kept on this device and will be sent when you are back online'
const REUSED =
  'This Idempotency-Key was already used for a different request in the last 24 hours. Send this one with a new key.'
const CREATED = 'Order created successfully.'
const FULL =
  'The outbox is full: it keeps at most 20 orders or 50 MB on this device. This order was not kept; send or discard the waiting orders first.'

let n = 0
const orderNumber = () => `OBX-${Date.now().toString(36)}-${process.pid}-${++n}`

/** The orders with this number in the database: the proof that one was made, not two. */
async function ordersNumbered(number: string) {
  const { db } = await import('../db/client')
  const { orders } = await import('../db/schema')
  const { eq } = await import('drizzle-orm')
  return db.select().from(orders).where(eq(orders.orderNumber, number)).all()
}

/** Types the new-order form's fields (the product ID when `pId` is given); no pictures. */
async function typeOrder(page: Page, number: string, pId?: number) {
  await page.getByLabel('Order Number').fill(number)
  await page.getByLabel('Market').selectOption({ label: `${MARKETS.DE} (DE)` })
  if (pId !== undefined) await page.getByLabel('Product ID').fill(String(pId))
  await page.getByLabel('Customer Email').fill(`buyer-${number.toLowerCase()}@example.test`)
  await page.getByLabel('Buyer Contact').fill('wa +92 300 1234567')
}

async function choosePictures(page: Page) {
  await page.getByLabel('Order Picture').setInputFiles(FIXTURES.product)
  await page.getByLabel('Refund Picture').setInputFiles(FIXTURES.marketplace)
}

/** Both pictures shrunk and ready to send. */
async function expectPicturesReady(page: Page) {
  for (const label of ['Order Picture', 'Refund Picture']) {
    const field = page.locator('.field', { has: page.getByLabel(label) })
    await expect(field.locator('output')).toContainText('To send:')
  }
}

/** The outbox's code, fetched from now on. */
const outboxCodeFetched = (page: Page) =>
  page.waitForResponse((r) => /\/outbox\.client-[\w-]+\.js$/.test(r.url()))

/** Fills the new-order form (opened for `pId`) with both pictures, shrunk and ready. */
async function fillOrder(page: Page, number: string, pId?: number, { codeIn = false } = {}) {
  await typeOrder(page, number, pId)
  // Choosing a picture fetches the outbox's code (while the network is there), unless it is in.
  const outboxCode = codeIn ? undefined : outboxCodeFetched(page)
  await choosePictures(page)
  await expectPicturesReady(page)
  if (outboxCode) expect((await outboxCode).ok()).toBe(true)
}

/** Presses Create Order with the network off: the order goes to the outbox. */
async function createOffline(page: Page, context: BrowserContext) {
  await context.setOffline(true)
  await page.getByRole('button', { name: 'Create Order' }).click()
  await expect(page.getByRole('status').filter({ hasText: KEPT })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Outbox 1' })).toBeVisible()
  // The form is empty again for the next order.
  await expect(page.getByLabel('Order Number')).toHaveValue('')
}

const outbox = (page: Page) => page.getByRole('region', { name: 'Outbox' })

test.describe('the outbox of new orders', () => {
  jsOnly('the outbox needs JavaScript; without it the form posts as it always did')

  test('made offline, the page closed, opened again online: created once, with its pictures', async ({
    page,
    context,
    openAs,
    reserveFreshProduct,
  }) => {
    const { pm, product } = await reserveFreshProduct('obx-close')
    await openAs(pm, `/orders?tab=add&pId=${product.pId}`)
    const number = orderNumber()
    await fillOrder(page, number)
    await createOffline(page, context)
    await expect(outbox(page)).toContainText(`Order ${number}: waiting to be sent`)
    expect(await ordersNumbered(number)).toHaveLength(0)
    await page.close()

    await context.setOffline(false)
    const again = await context.newPage()
    await again.goto('/orders?tab=add')
    await ready(again, true)
    await expect(outbox(again)).toContainText(`Order ${number}: ${CREATED}`)
    await expect(again.getByRole('link', { name: /^Outbox/ })).toHaveCount(0)
    const [order, ...more] = await ordersNumbered(number)
    expect(more).toHaveLength(0)
    expect(order?.orderPictureId).toBeTruthy()
    expect(order?.refundPictureId).toBeTruthy()

    await outbox(again)
      .getByRole('link', { name: `View order ${number}` })
      .click()
    await expect(again).toHaveURL(new RegExp(`/orders/view/${order?.id}$`))
    for (const name of ['Order Picture', 'Refund Picture']) {
      const href = await again.getByRole('region', { name }).getByRole('link').getAttribute('href')
      expect((await again.request.get(href!)).status()).toBe(200)
    }
  })

  test('pictures chosen before the form’s code came: the outbox is ready offline all the same', async ({
    page,
    context,
    openAs,
    reserveFreshProduct,
  }) => {
    const { pm, product } = await reserveFreshProduct('obx-early')
    // The form's code is held back until the pictures are chosen, as on a slow link: the choice
    // is made in the server's form, before its handlers are there.
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/add-tab-[\w-]+\.js$/, async (route) => {
      await released
      await route.continue()
    })
    await openAs(pm, `/orders?tab=add&pId=${product.pId}`)
    const number = orderNumber()
    await typeOrder(page, number)
    await choosePictures(page)
    const outboxCode = outboxCodeFetched(page)
    release()
    // Once the form's code is in, the outbox's comes too, while the network is there.
    expect((await outboxCode).ok()).toBe(true)
    await expectPicturesReady(page)
    await createOffline(page, context)
    await expect(outbox(page)).toContainText(`Order ${number}: waiting to be sent`)
  })

  test('the server failing once (503) is tried again: still one order', async ({
    page,
    context,
    openAs,
    reserveFreshProduct,
  }) => {
    const { pm, product } = await reserveFreshProduct('obx-5xx')
    await openAs(pm, `/orders?tab=add&pId=${product.pId}`)
    const number = orderNumber()
    await fillOrder(page, number)
    await createOffline(page, context)

    let failed = 0
    await page.route(
      '**/api/v1/order/',
      async (route) => {
        failed += 1
        await route.fulfill({ status: 503, body: 'Service Unavailable' })
      },
      { times: 1 },
    )
    await context.setOffline(false)
    await expect(outbox(page)).toContainText(`Order ${number}: ${CREATED}`, { timeout: 20_000 })
    expect(failed).toBe(1)
    expect(await ordersNumbered(number)).toHaveLength(1)
  })

  test('a refused order keeps its data with the server’s message, to correct and send again', async ({
    page,
    context,
    openAs,
    reserveFreshProduct,
    insertNewProduct,
  }) => {
    const { pm, pmm, product } = await reserveFreshProduct('obx-refused')
    const notReserved = await insertNewProduct({ ownerId: pmm.id, market: 'DE' })
    await openAs(pm, `/orders?tab=add&pId=${product.pId}`)
    const number = orderNumber()
    await fillOrder(page, number, notReserved.pId)
    await createOffline(page, context)

    await context.setOffline(false)
    const refusal = `You have no active reservation for product ${notReserved.pId}. Reserve it first, then create the order.`
    await expect(outbox(page)).toContainText(`Order ${number} was refused: ${refusal}`)
    // It waits for the user: still counted, after a reload too.
    await page.reload()
    await ready(page, true)
    await expect(page.getByRole('link', { name: 'Outbox 1' })).toBeVisible()
    await expect(outbox(page)).toContainText(`Order ${number} was refused: ${refusal}`)
    expect(await ordersNumbered(number)).toHaveLength(0)

    await outbox(page)
      .getByRole('button', { name: `Edit order ${number}` })
      .click()
    await expect(page.getByLabel('Order Number')).toHaveValue(number)
    await expect(page.getByLabel('Product ID')).toHaveValue(String(notReserved.pId))
    for (const label of ['Order Picture', 'Refund Picture']) {
      expect(await page.getByLabel(label).evaluate((i: HTMLInputElement) => i.files?.length)).toBe(
        1,
      )
    }
    await expect(page.getByRole('link', { name: /^Outbox/ })).toHaveCount(0)
    await page.getByLabel('Product ID').fill(String(product.pId))
    await page.getByRole('button', { name: 'Create Order' }).click()
    await expectToast(page, CREATED, 'success')
    const [order, ...more] = await ordersNumbered(number)
    expect(more).toHaveLength(0)
    expect(order?.refundPictureId).toBeTruthy()
  })

  test('another user on the same browser sees and sends nothing of the first one’s outbox', async ({
    page,
    context,
    openAs,
    reserveFreshProduct,
  }) => {
    test.slow()
    const first = await reserveFreshProduct('obx-first')
    const second = await reserveFreshProduct('obx-second')
    await openAs(first.pm, `/orders?tab=add&pId=${first.product.pId}`)
    const number = orderNumber()
    await fillOrder(page, number)
    await createOffline(page, context)

    // Back online, but no order gets through: what each send carries is noted.
    const sent: string[] = []
    await context.route('**/api/v1/order/', async (route) => {
      sent.push(route.request().postDataBuffer()?.toString('latin1') ?? '')
      await route.abort('internetdisconnected')
    })
    await context.setOffline(false)
    await expect.poll(() => sent.length).toBeGreaterThan(0)
    await sidebar(page).getByRole('button', { name: 'Log Out' }).click()
    const question = page.getByRole('dialog', { name: 'Orders waiting in the Outbox' })
    await expect(question).toContainText(
      'One order waits in the Outbox on this device. Keep it for your next sign-in here, or discard it?',
    )
    await question.getByRole('button', { name: 'Keep and log out' }).click()
    await expect(page).toHaveURL(/\/login$/)

    // The second user's outbox holds their own order only, and sends only that.
    sent.length = 0
    await openAs(second.pm, `/orders?tab=add&pId=${second.product.pId}`)
    const theirs = orderNumber()
    await fillOrder(page, theirs)
    await createOffline(page, context)
    await expect(outbox(page)).toContainText(`Order ${theirs}: waiting to be sent`)
    await expect(page.getByText(number)).toHaveCount(0)
    await context.setOffline(false)
    await expect.poll(() => sent.length).toBeGreaterThan(0)
    expect(sent.every((body) => body.includes(theirs) && !body.includes(number))).toBe(true)
    await sidebar(page).getByRole('button', { name: 'Log Out' }).click()
    await question.getByRole('button', { name: 'Discard and log out' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await context.unroute('**/api/v1/order/')

    // The first user finds theirs again, and it is sent for them; the discarded one never is.
    await openAs(first.pm, '/orders?tab=add')
    await expect(outbox(page)).toContainText(`Order ${number}: ${CREATED}`, { timeout: 20_000 })
    const [order] = await ordersNumbered(number)
    expect(order?.userId).toBe(first.pm.id)
    expect(await ordersNumbered(theirs)).toHaveLength(0)
  })
  test('full at 20 orders: the 21st is not kept, says so, and loses nothing', async ({
    page,
    context,
    openAs,
    reserveFreshProduct,
  }) => {
    const { pm, product } = await reserveFreshProduct('obx-full')
    // Nothing gets through while the outbox fills: each send fails as on a lost network.
    await context.route('**/api/v1/order/', (route) => route.abort('internetdisconnected'))
    await openAs(pm, `/orders?tab=add&pId=${product.pId}`)
    // Twenty orders already wait on this device, kept as the outbox keeps them (outbox.client.ts).
    const waiting = Array.from({ length: 20 }, () => orderNumber())
    await page.evaluate(
      async ({ owner, labels }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open(`outbox-user-${owner}`, 1)
          open.onupgradeneeded = () =>
            open.result.createObjectStore('orders', { keyPath: 'id', autoIncrement: true })
          open.onsuccess = () => resolve(open.result)
          open.onerror = () => reject(open.error)
        })
        const tx = db.transaction('orders', 'readwrite')
        for (const label of labels) {
          const item: OutboxItem = {
            key: crypto.randomUUID(),
            label,
            keptAt: Date.now(),
            size: 1000,
            entries: [['orderNumber', label]],
            state: 'waiting',
          }
          tx.objectStore('orders').add(item)
        }
        await new Promise((resolve) => (tx.oncomplete = resolve))
        db.close()
        localStorage.setItem(`outbox-user-${owner}`, String(labels.length))
      },
      { owner: pm.id, labels: waiting },
    )
    await page.reload()
    await ready(page, true)
    await expect(page.getByRole('link', { name: 'Outbox 20' })).toBeVisible()
    await expect(outbox(page)).toContainText(`Order ${waiting[19]}: waiting to be sent`)

    // The 21st, through the form, with the network off.
    const number = orderNumber()
    // The outbox's code came with the waiting orders.
    await fillOrder(page, number, undefined, { codeIn: true })
    await context.setOffline(true)
    await page.getByRole('button', { name: 'Create Order' }).click()
    await expect(page.getByRole('alert').filter({ hasText: FULL })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: KEPT })).toHaveCount(0)
    // Nothing lost: the twenty still wait, the 21st is still in the form with its pictures.
    await expect(page.getByRole('link', { name: 'Outbox 20' })).toBeVisible()
    for (const label of waiting) {
      await expect(outbox(page)).toContainText(`Order ${label}: waiting to be sent`)
    }
    await expect(page.getByLabel('Order Number')).toHaveValue(number)
    for (const label of ['Order Picture', 'Refund Picture']) {
      expect(await page.getByLabel(label).evaluate((i: HTMLInputElement) => i.files?.length)).toBe(
        1,
      )
    }

    // One discarded makes room: the same press keeps it now.
    await outbox(page)
      .getByRole('button', { name: `Discard order ${waiting[0]}`, exact: true })
      .click()
    await expect(page.getByRole('link', { name: 'Outbox 19' })).toBeVisible()
    await page.getByRole('button', { name: 'Create Order' }).click()
    await expect(page.getByRole('status').filter({ hasText: KEPT })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Outbox 20' })).toBeVisible()
    await expect(outbox(page)).toContainText(`Order ${number}: waiting to be sent`)
    await context.setOffline(false)
    await context.unroute('**/api/v1/order/')
  })
})

test.describe('an order sent twice with one Idempotency-Key', () => {
  runOnce()

  const fields = (number: string, pId: number) => ({
    orderNumber: number,
    pId: String(pId),
    paypal: `buyer-${number.toLowerCase()}@example.test`,
  })

  test('through the API: one order, the same answer; another body with the key: 422', async ({
    page,
    reserveFreshProduct,
  }) => {
    const { pm, product } = await reserveFreshProduct('obx-api')
    const { readFile } = await import('node:fs/promises')
    const picture = {
      name: 'order.png',
      mimeType: 'image/png',
      buffer: await readFile(FIXTURES.product),
    }
    const { db } = await import('../db/client')
    const { markets } = await import('../db/schema')
    const { eq } = await import('drizzle-orm')
    const market = String(db.select().from(markets).where(eq(markets.shortName, 'DE')).get()?.id)
    const number = orderNumber()
    const key = `e2e-${number}`
    const post = (body: Record<string, string>, idempotencyKey = key) =>
      page.request.post('/api/v1/order/', {
        headers: { Authorization: `Bearer ${pm.token}`, 'Idempotency-Key': idempotencyKey },
        multipart: { ...body, market, orderScreenshot: picture },
      })
    const first = await post(fields(number, product.pId))
    const again = await post(fields(number, product.pId))
    for (const answer of [first, again]) {
      expect(answer.status()).toBe(201)
      expect(await answer.json()).toEqual({ success: true, message: CREATED })
    }
    expect(again.headers()['location']).toBe(first.headers()['location'])
    expect(await ordersNumbered(number)).toHaveLength(1)

    const other = await post(fields(orderNumber(), product.pId))
    expect(other.status()).toBe(422)
    expect(await other.json()).toEqual({ success: false, message: REUSED })
  })
})

test('the form keeps working as before, with its idempotency key in the page', async ({
  page,
  openAs,
  reserveFreshProduct,
}) => {
  const { pm, product } = await reserveFreshProduct('obx-form')
  await openAs(pm, `/orders?tab=add&pId=${product.pId}`)
  await expect(page.locator('input[type="hidden"][name="idempotencyKey"]')).toHaveValue(
    /^[0-9a-f-]{36}$/,
  )
  const number = orderNumber()
  await fillOrderPlain(page, number)
  await page.getByRole('button', { name: 'Create Order' }).click()
  await expectToast(page, CREATED, 'success')
  expect(await ordersNumbered(number)).toHaveLength(1)
})

/** The form as any browser fills it (no preview to wait for without JavaScript). */
async function fillOrderPlain(page: Page, number: string) {
  await typeOrder(page, number)
  await page.getByLabel('Order Picture').setInputFiles(FIXTURES.product)
}

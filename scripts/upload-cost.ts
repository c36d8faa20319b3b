/**
 * `node --import tsx scripts/upload-cost.ts`: what recording an order with three 3 MB phone
 * photos costs a marketer, measured in Debian's Chromium against the built server (run
 * `npm run build` first) on a fresh demo database. The demo pm reserves a published product, then
 * creates the order with its order and refund pictures on the Add tab and uploads the review
 * picture on the order's page. For each step it prints the bytes sent (request bodies, as
 * Chromium reports them; a page's own post may report none under emulated conditions, and the
 * bytes do not depend on the link), the time from the click to the success toast, and the time
 * the browser took to get two chosen photos ready (shrinking, where the page does), first on the plain
 * link, then on an emulated slow one (UPLOAD_COST_UP_KBIT, default 400 kbit/s up; 400 ms round
 * trip; download not limited). Figures to read, not a pass/fail check.
 *
 * UPLOAD_COST_PORT (default 3244) picks the server's port.
 */
import path from 'node:path'
import { chromium, type Page } from 'playwright-core'
import config from '../playwright.config'
import { startDemoServer } from './demo-server'
import { phonePhoto } from '../e2e/phone-photo'

const PORT = Number(process.env.UPLOAD_COST_PORT ?? 3244)
const BASE = `http://localhost:${PORT}`
const DATA_DIR = path.resolve(`e2e/.artifacts/upload-cost-${PORT}`)
const UP_KBIT = Number(process.env.UPLOAD_COST_UP_KBIT ?? 400)
const kb = (bytes: number) => Math.round(bytes / 1024)
const s = (ms: number) => (ms / 1000).toFixed(1)
const PM = { email: 'pm@example.com', password: 'password123' }

const server = await startDemoServer(PORT, DATA_DIR)

const browser = await chromium.launch(config.use?.launchOptions ?? {})
try {
  const photos = await Promise.all(['cost-a', 'cost-b', 'cost-c'].map((name) => phonePhoto(name)))
  const token = await apiToken()
  const products = await publishedProducts(token)
  for (const slow of [false, true]) {
    const pId = products.shift()!
    const reserved = await fetch(`${BASE}/api/v1/reserve/${pId}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    })
    if (reserved.status !== 201) throw new Error(`Reserving ${pId} answered ${reserved.status}.`)
    const context = await browser.newContext({ baseURL: BASE })
    const signedIn = await context.request.post('/login', {
      form: { email: PM.email, password: PM.password },
      headers: { Origin: BASE },
      maxRedirects: 0,
    })
    if (signedIn.status() !== 302) throw new Error(`Signing in answered ${signedIn.status()}.`)
    const page = await context.newPage()
    // A native post of the whole photos on the slow link takes minutes.
    page.setDefaultTimeout(600_000)
    const sent = await countSentBytes(page, slow)
    const label = slow ? `slow link (${UP_KBIT} kbit/s up, 400 ms RTT)` : 'plain link'

    await page.goto(`/orders?tab=add&pId=${pId}`)
    await page.waitForFunction(() => '__remixRouter' in window)
    const number = `COST-${Date.now().toString(36)}`
    await page.getByLabel('Order Number').fill(number)
    await page.getByLabel('Market').selectOption({ index: 1 })
    await page.getByLabel('Customer Email').fill(`${number.toLowerCase()}@example.test`)
    const choosing = Date.now()
    await page.getByLabel('Order Picture').setInputFiles(photos[0]!)
    await page.getByLabel('Refund Picture').setInputFiles(photos[1]!)
    await previewsShown(page, 2)
    const chosen = Date.now() - choosing
    const create = await timed(page, sent, async () => {
      await page.getByRole('button', { name: 'Create Order' }).click()
      await page.getByText('Order created successfully.').waitFor({ timeout: 600_000 })
    })

    await page.goto(`/orders?orderNumber=${number}`)
    await page.getByRole('link', { name: `View order ${number}` }).click()
    await page.waitForURL(/\/orders\/view\/\d+$/)
    await page.waitForFunction(() => '__remixRouter' in window)
    await page.getByLabel('Upload review picture').setInputFiles(photos[2]!)
    await previewsShown(page, 1)
    const review = await timed(page, sent, async () => {
      await page
        .getByRole('region', { name: 'Review Picture' })
        .getByRole('button', { name: 'Upload', exact: true })
        .click()
      await page.getByText('Picture updated successfully for review').waitFor({ timeout: 600_000 })
    })
    console.log(
      `${label}: create (2 photos) ${kb(create.bytes)} KB in ${s(create.ms)} s; ` +
        `review photo ${kb(review.bytes)} KB in ${s(review.ms)} s; ` +
        `three photos ${kb(create.bytes + review.bytes)} KB in ${s(create.ms + review.ms)} s ` +
        `(choosing the two photos until they were ready to send: ${s(chosen)} s)`,
    )
    await context.close()
  }
} finally {
  await browser.close()
  server.kill('SIGTERM')
}

/** Adds up the request bodies of the page's POSTs (the upload), through the DevTools protocol. */
async function countSentBytes(page: Page, slow: boolean) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  if (slow) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 400,
      downloadThroughput: -1,
      uploadThroughput: (UP_KBIT * 1000) / 8,
    })
  }
  const counter = { bytes: 0 }
  page.on('requestfinished', async (request) => {
    if (request.method() !== 'POST') return
    const sizes = await request.sizes().catch(() => null)
    const length = Number((await request.allHeaders())['content-length'] ?? 0)
    counter.bytes += sizes?.requestBodySize || length
  })
  return counter
}

/** Waits, as a person would, for the pictures to be ready (where the page shows a preview). */
async function previewsShown(page: Page, count: number) {
  if ((await page.locator('output.picture-preview').count()) === 0) return // before issue 22
  await page
    .locator('output.picture-preview', { hasText: 'To send:' })
    .nth(count - 1)
    .waitFor()
}

async function timed(page: Page, counter: { bytes: number }, act: () => Promise<void>) {
  const before = counter.bytes
  const start = Date.now()
  await act()
  const ms = Date.now() - start
  await page.waitForLoadState('networkidle')
  return { ms, bytes: counter.bytes - before }
}

async function apiToken() {
  const res = await fetch(`${BASE}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(PM),
  })
  return ((await res.json()) as { token: string }).token
}

/** Published products with units left today (the demo pm reserves one per run). */
async function publishedProducts(token: string) {
  const res = await fetch(`${BASE}/api/v1/product/enabled/`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  const body = (await res.json()) as { data: Array<{ pId: number }> }
  return body.data.map((p) => p.pId)
}

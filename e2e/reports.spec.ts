import { execFileSync } from 'node:child_process'
import fs from 'node:fs/promises'
import ExcelJS from 'exceljs'
import {
  bearer,
  expect,
  expectToast,
  FIXTURES,
  pageTab,
  pressCopy,
  ready,
  reservedProduct,
  signInWith,
  table,
  test,
  type DataFixtures,
  type Page,
} from './utils'

/** A fresh pmm's product and one order on it, made by a fresh pm through the API. */
async function orderedProduct(page: Page, fixtures: DataFixtures) {
  const { pmm, pm, product } = await reservedProduct(page, fixtures, 'rep')
  const token = pm.token
  const orderNumber = `REP-${Date.now().toString(36)}-${process.pid}`
  const markets = (await (
    await page.request.get('/api/v1/market/', { headers: bearer(token) })
  ).json()) as {
    data: Array<{ _id: string; shortName: string }>
  }
  const created = await page.request.post('/api/v1/order/', {
    headers: bearer(token),
    multipart: {
      orderNumber,
      market: markets.data.find((m) => m.shortName === 'DE')!._id,
      pId: String(product.pId),
      paypal: 'report-buyer@example.test',
      orderScreenshot: {
        name: 'order.png',
        mimeType: 'image/png',
        buffer: await fs.readFile(FIXTURES.product),
      },
    },
  })
  expect(created.status()).toBe(201)
  return { pmm, pm, product, orderNumber }
}

test('a pmm filters the report and takes it as COPY, EXCEL, CSV and PDF', async ({
  page,
  jsEnabled,
  insertNewUser,
  insertNewProduct,
}) => {
  const { pmm, pm, orderNumber } = await orderedProduct(page, { insertNewUser, insertNewProduct })
  await signInWith(page.request, pmm.email, pmm.password)
  await page.goto('/orderReport')
  await ready(page, jsEnabled)
  await expect(pageTab(page, 'ORDER REPORTS')).toBeVisible()
  const today = new Date().toISOString().slice(0, 10)
  await expect(page.getByLabel('From Date')).toHaveValue(today)
  await expect(page.getByLabel('To Date')).toHaveValue(today)
  await page.getByLabel('Manager').selectOption({ label: pmm.name })
  await page.getByLabel('Marketer').selectOption({ label: pm.name })
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(new RegExp(`manager=${pmm.id}&marketer=${pm.id}`))
  await expect(page.getByText('1 order matches.')).toBeVisible()
  const rows = table(page, 'Order report').getByRole('row')
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(1)).toContainText(orderNumber)
  await expect(rows.nth(1)).toContainText(pm.name)

  const name = `orders-${today}-to-${today}`
  for (const [label, ext, check] of [
    ['CSV', 'csv', (b: Buffer) => expect(b.toString('utf8')).toContain(orderNumber)],
    ['EXCEL', 'xlsx', (b: Buffer) => expect(b.subarray(0, 2).toString()).toBe('PK')],
    ['PDF', 'pdf', (b: Buffer) => expect(b.subarray(0, 5).toString()).toBe('%PDF-')],
  ] as const) {
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: label, exact: true }).click()
    const file = await downloading
    expect(file.suggestedFilename()).toBe(`${name}.${ext}`)
    check(await fs.readFile(await file.path()))
  }

  await pressCopy(page, jsEnabled)
  if (jsEnabled) {
    await expect(page.getByText('Copied 1 row to the clipboard.')).toBeVisible()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied.split('\n')[0]).toMatch(/^Order Number\tOrder Date\t/)
    expect(copied).toContain(orderNumber)
  } else {
    await expect(page).toHaveURL(/\/orderReport\/export\.txt\?/)
    await expect(page.locator('body')).toContainText(`Order Number\tOrder Date`)
    await expect(page.locator('body')).toContainText(orderNumber)
  }
})

test("a fresh demo's report opens on today's orders, and every format holds them", async ({
  page,
  jsEnabled,
  signInAs,
}) => {
  await signInAs('pmm', '/orderReport')
  await expect(page.getByText(/^[1-9]\d* orders match\.$/)).toBeVisible()
  const first = table(page, 'Order report').getByRole('row').nth(1)
  const orderNumber = (await first.getByRole('cell').first().innerText()).trim()
  expect(orderNumber).toMatch(/^\d{3}-\d{7}-\d+$/)

  const read: Record<string, (file: string) => Promise<string>> = {
    CSV: (file) => fs.readFile(file, 'utf8'),
    EXCEL: async (file) => {
      const book = new ExcelJS.Workbook()
      await book.xlsx.readFile(file)
      const cells: string[] = []
      book.worksheets[0].eachRow((row) => cells.push(row.values.toString()))
      return cells.join('\n')
    },
    PDF: async (file) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }),
  }
  for (const [label, text] of Object.entries(read)) {
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: label, exact: true }).click()
    expect(await text(await (await downloading).path()), label).toContain(orderNumber)
  }
  await pressCopy(page, jsEnabled)
  if (jsEnabled) {
    await expect(page.getByText(/^Copied [1-9]\d* rows? to the clipboard\.$/)).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(orderNumber)
  } else {
    await expect(page.locator('body')).toContainText(orderNumber)
  }
})

test('a report with no orders says so in the words of every list', async ({
  page,
  jsEnabled,
  insertNewUser,
}) => {
  const pmm = await insertNewUser({ role: 'pmm', prefix: 'rep-empty' })
  await signInWith(page.request, pmm.email, pmm.password)
  await page.goto('/orderReport')
  await ready(page, jsEnabled)
  await expect(page.getByText('0 orders match.')).toBeVisible()
  await expect(table(page, 'Order report').getByRole('cell')).toHaveText('No data in the table')
})

test('a visitor asking for a report file is sent to sign in', async ({ page }) => {
  const response = await page.request.get('/orderReport/export.csv', { maxRedirects: 0 })
  expect(response.status()).toBe(302)
  expect(response.headers()['location']).toMatch(/^\/login\?redirectTo=/)
})

test('a report asked for while two of the same user are running: the message on the report page', async ({
  page,
  jsEnabled,
  insertNewUser,
  insertNewProduct,
}) => {
  // An order to report on (the buttons are disabled when none matches).
  const { pmm } = await orderedProduct(page, { insertNewUser, insertNewProduct })
  // Two reports of this pmm "running": places held by a live process (this test's), as a server
  // process writing two long reports holds them.
  const { sqlite } = await import('../db/client')
  const hold = sqlite.prepare('insert into report_exports (user_id, pid) values (?, ?)')
  hold.run(pmm.id, process.pid)
  hold.run(pmm.id, process.pid)
  try {
    await signInWith(page.request, pmm.email, pmm.password)
    await page.goto('/orderReport?status=ordered')
    await ready(page, jsEnabled)
    await page.getByRole('button', { name: 'CSV', exact: true }).click()
    await expectToast(
      page,
      'A report is already being prepared. Please wait for it to finish.',
      'error',
    )
    // The form's fields, as the CSV button sent them.
    await expect(page).toHaveURL(/\/orderReport\?status=ordered&/)
    if (jsEnabled) {
      // COPY fetches the text: the same message, next to the button.
      await page.getByRole('button', { name: 'COPY', exact: true }).click()
      await expect(
        page.getByRole('status').filter({
          hasText: 'A report is already being prepared. Please wait for it to finish.',
        }),
      ).toBeVisible()
    }
  } finally {
    sqlite.prepare('delete from report_exports where user_id = ?').run(pmm.id)
  }
})

import { execFileSync } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { expectNoSeriousViolations } from './axe'
import sharp from 'sharp'
import { freshProduct } from './order-data'
import type { Locator } from '@playwright/test'
import { expect, isoDate, ready, signInWith, test, type Page } from './utils'

/*
 * Issue 31, item 3: charts drawn on the server as SVG. The report page shows orders per day by
 * status and commission per week for its filters, the dashboards the user's orders of the last 30
 * days, the PDF's first page the report's charts. Each has its summary sentence and its numbers
 * as a table, with JavaScript on and off, at 1280 and 390 px, light and dark, axe finding nothing
 * serious. Screenshots go to e2e/.artifacts/charts/ (looked at by hand).
 */

const SHOTS = path.resolve('e2e/.artifacts/charts')
const WIDTHS = [1280, 390] as const

/** A moment `hours` into a UTC day (the e2e server's business time zone). */
const at = (day: string, hours: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + hours * 3_600_000)

/**
 * A fresh pmm and pm with four orders in the 10 days from Monday 2026-10-05 (two on its first
 * day, one Ordered and one Cancelled; one Ordered on the 6th; one Reviewed on Monday the 12th),
 * and one after the range. Commission 12.50 each.
 */
async function chartWorld(fixtures: Parameters<typeof freshProduct>[0]) {
  const w = await freshProduct(fixtures, 'chart')
  w.order({ prefix: 'CH', name: 'a', createdAt: at('2026-10-05', 1), statusId: 'ordered' })
  w.order({ prefix: 'CH', name: 'b', createdAt: at('2026-10-05', 23.5), statusId: 'cancelled' })
  w.order({ prefix: 'CH', name: 'c', createdAt: at('2026-10-06', 9), statusId: 'ordered' })
  w.order({ prefix: 'CH', name: 'd', createdAt: at('2026-10-12', 12), statusId: 'reviewed' })
  w.order({ prefix: 'CH', name: 'e', createdAt: at('2026-10-15', 12), statusId: 'ordered' })
  return w
}

const REPORT_QUERY = (manager: number) => `manager=${manager}&from=2026-10-05&to=2026-10-14`

const chart = (page: Page, title: string) => page.getByRole('figure', { name: title })

/** The bar segments a chart draws: one rectangle (M…z) of a path per colour each. */
const barCount = async (figure: Locator) =>
  (
    await figure
      .locator('svg.chart__plot path')
      .evaluateAll((paths) => paths.map((p) => p.getAttribute('d') ?? ''))
  )
    .join('')
    .split('M').length - 1

/** The page fits the window: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  )
}

async function shot(page: Page, name: string, jsEnabled: boolean) {
  await fs.mkdir(SHOTS, { recursive: true })
  await page.screenshot({
    path: path.join(SHOTS, `${name}-${jsEnabled ? 'js' : 'no-js'}.png`),
    fullPage: true,
  })
}

test('the report page charts its filtered orders per day by status and its commission per week', async ({
  page,
  jsEnabled,
  insertNewUser,
  insertNewProduct,
}) => {
  // Four views of the page, each checked by axe and photographed.
  test.setTimeout(120_000)
  const w = await chartWorld({ insertNewUser, insertNewProduct })
  await signInWith(page.request, w.pmm.email, w.pmm.password)
  for (const width of WIDTHS) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 })
      await page.emulateMedia({ colorScheme })
      await page.goto(`/orderReport?${REPORT_QUERY(w.pmm.id)}`)
      await ready(page, jsEnabled)
      const orders = chart(page, 'Orders per day by status')
      await expect(orders.locator('.chart__summary')).toHaveText(
        '4 orders from 2026-10-05 to 2026-10-14: Ordered 2, Reviewed 1 and Cancelled 1. ' +
          'Most in one day: 2 on 2026-10-05.',
      )
      // The plot's image is named by that sentence; one bar segment per day and status.
      await expect(
        orders.getByRole('img', { name: /^4 orders from 2026-10-05 to 2026-10-14/ }),
      ).toBeVisible()
      await expect(orders.locator('svg.chart__plot path')).toHaveCount(3)
      expect(await barCount(orders)).toBe(4)
      await expect(orders.getByRole('list', { name: 'Statuses' }).getByRole('listitem')).toHaveText(
        ['Ordered 2', 'Reviewed 1', 'Cancelled 1'],
      )
      // The first and last days label the axis.
      await expect(orders.locator('svg.chart__plot text').first()).toHaveText('Oct 5')
      await expect(orders.locator('svg.chart__plot text').last()).toHaveText('Oct 14')

      const commission = chart(page, 'Commission per week')
      await expect(commission.locator('.chart__summary')).toHaveText(
        'Commission 50.00 from 2026-10-05 to 2026-10-14. Most in one week: 37.50, week of 2026-10-05.',
      )
      expect(await barCount(commission)).toBe(2)
      await expectNoSidewaysScroll(page)
      await shot(page, `report-${width}-${colorScheme}`, jsEnabled)
      await expectNoSeriousViolations(page, `the report at ${width} px, ${colorScheme}`)
    }
  }

  // The numbers, as tables (a disclosure that opens without JavaScript).
  await page.setViewportSize({ width: 390, height: 900 })
  const orders = chart(page, 'Orders per day by status')
  await orders.getByText('Numbers of the chart').click()
  const rows = orders.getByRole('table').getByRole('row')
  await expect(rows).toHaveText([
    'DayOrderedReviewedCancelledAll',
    '2026-10-05101' + '2',
    '2026-10-06100' + '1',
    '2026-10-12010' + '1',
  ])
  // A table wider than its chart scrolls inside it (by keyboard too), not the page sideways.
  await page.setViewportSize({ width: 320, height: 900 })
  await expectNoSidewaysScroll(page)
  const numbers = orders.getByRole('group', { name: 'Orders per day by status: numbers' })
  expect(await numbers.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true)
  await numbers.focus()
  await page.keyboard.press('ArrowRight')
  await expect.poll(() => numbers.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0)
  await page.setViewportSize({ width: 390, height: 900 })
  const commission = chart(page, 'Commission per week')
  await commission.getByText('Numbers of the chart').click()
  await expect(commission.getByRole('table').getByRole('row')).toHaveText([
    'FromCommission',
    'week of 2026-10-0537.50',
    'week of 2026-10-1212.50',
  ])
  await expectNoSeriousViolations(page, 'the report with its tables open')

  // The charts follow the filters: Reviewed alone.
  await page.goto(`/orderReport?${REPORT_QUERY(w.pmm.id)}&status=reviewed`)
  await expect(chart(page, 'Orders per day by status').locator('.chart__summary')).toHaveText(
    '1 order from 2026-10-05 to 2026-10-14: Reviewed 1. Most in one day: 1 on 2026-10-12.',
  )
  // No orders: the sentence says so and no plot is drawn.
  await page.goto(`/orderReport?manager=${w.pmm.id}&from=2026-09-01&to=2026-09-03`)
  await expect(chart(page, 'Orders per day by status').locator('.chart__summary')).toHaveText(
    'No orders from 2026-09-01 to 2026-09-03.',
  )
  await expect(page.locator('svg.chart__plot')).toHaveCount(0)
})

test("the dashboards chart the user's orders of the last 30 days", async ({
  page,
  jsEnabled,
  insertNewUser,
  insertNewProduct,
}) => {
  // Six views (three roles, two widths), each checked by axe and photographed.
  test.setTimeout(120_000)
  const w = await freshProduct({ insertNewUser, insertNewProduct }, 'chart-dash')
  const today = isoDate(0)
  w.order({ prefix: 'CD', name: 'a', createdAt: new Date(), statusId: 'ordered' })
  w.order({ prefix: 'CD', name: 'b', createdAt: at(isoDate(-29), 1), statusId: 'delivered' })
  w.order({ prefix: 'CD', name: 'c', createdAt: at(isoDate(-31), 1), statusId: 'delivered' })
  const admin = await insertNewUser({ role: 'admin', prefix: 'chart-admin' })
  const title = 'Orders of the last 30 days by status'
  for (const [who, home] of [
    [w.pm, '/dashboard'],
    [w.pmm, '/dashboard'],
    [admin, '/admin/dashboard'],
  ] as const) {
    await page.context().clearCookies()
    await signInWith(page.request, who.email, who.password)
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(home)
      await ready(page, jsEnabled)
      const summary = chart(page, title).locator('.chart__summary')
      if (who.role === 'admin') {
        // Everyone's orders: at least these two.
        await expect(summary).toHaveText(
          new RegExp(`^[\\d,]+ orders from ${isoDate(-29)} to ${today}: `),
        )
      } else {
        await expect(summary).toHaveText(
          `2 orders from ${isoDate(-29)} to ${today}: Ordered 1 and Delivered 1. ` +
            `Most in one day: 1 on ${isoDate(-29)}.`,
        )
        expect(await barCount(chart(page, title))).toBe(2)
      }
      await expectNoSidewaysScroll(page)
      await shot(page, `dashboard-${who.role}-${width}`, jsEnabled)
      await expectNoSeriousViolations(page, `the ${who.role}'s dashboard at ${width} px`)
    }
  }
})

test("the PDF's first page carries the report's charts", async ({
  page,
  insertNewUser,
  insertNewProduct,
}) => {
  const w = await chartWorld({ insertNewUser, insertNewProduct })
  await signInWith(page.request, w.pmm.email, w.pmm.password)
  const response = await page.request.get(`/orderReport/export.pdf?${REPORT_QUERY(w.pmm.id)}`)
  expect(response.status()).toBe(200)
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'charts-'))
  const file = path.join(dir, 'report.pdf')
  await fs.writeFile(file, await response.body())

  const firstPage = execFileSync('pdftotext', ['-f', '1', '-l', '1', '-layout', file, '-'], {
    encoding: 'utf8',
  })
  for (const text of [
    'Orders per day by status',
    'Commission per week',
    '4 orders from 2026-10-05 to 2026-10-14: Ordered 2, Reviewed 1 and Cancelled 1.',
    'Commission 50.00 from 2026-10-05 to 2026-10-14.',
    'Ordered 2',
    'Reviewed 1',
    'Cancelled 1',
    'Oct 5',
    'Oct 14',
  ]) {
    expect(firstPage.replace(/\s+/g, ' '), text).toContain(text)
  }

  // The page as an image: the bars are there in their statuses' colours.
  execFileSync('pdftoppm', [
    '-f',
    '1',
    '-l',
    '1',
    '-r',
    '100',
    '-png',
    file,
    path.join(dir, 'page'),
  ])
  const png = (await fs.readdir(dir)).find((f) => f.endsWith('.png'))!
  await fs.mkdir(SHOTS, { recursive: true })
  await fs.copyFile(path.join(dir, png), path.join(SHOTS, 'pdf-page-1.png'))
  const { data, info } = await sharp(path.join(dir, png))
    .raw()
    .toBuffer({ resolveWithObject: true })
  const pixelsOf = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))
    let n = 0
    for (let i = 0; i < data.length; i += info.channels) {
      if (
        Math.abs(data[i]! - r!) < 12 &&
        Math.abs(data[i + 1]! - g!) < 12 &&
        Math.abs(data[i + 2]! - b!) < 12
      )
        n += 1
    }
    return n
  }
  // Ordered (2 of 4 orders, two bars), Cancelled, Reviewed, and the commission's bars.
  for (const [name, hex] of [
    ['Ordered', '#c26a00'],
    ['Cancelled', '#e0483a'],
    ['Reviewed', '#3d7fd9'],
    ['commission', '#2a8c84'],
  ]) {
    expect(pixelsOf(hex), `${name} bars on the first page`).toBeGreaterThan(100)
  }
  await fs.rm(dir, { recursive: true, force: true })
})

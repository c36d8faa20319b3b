import { createHash, randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import {
  expect,
  request,
  test as base,
  type APIRequestContext,
  type APIResponse,
  type Locator,
  type Page,
  type Response,
} from '@playwright/test'

export const PASSWORD = 'password123'
export const DEMO = {
  admin: 'admin@example.com',
  pmm: 'pmm@example.com',
  pmm2: 'pmm2@example.com',
  pm: 'pm@example.com',
  pm2: 'pm2@example.com',
} as const

/** Names of the demo accounts (server/seed.ts). */
export const DEMO_NAMES = {
  admin: 'Amna Siddiqui',
  pmm: 'Bilal Ahmed',
  pm: 'Usman Tariq',
} as const

/**
 * A client address of its own for each test, sent as a reverse proxy on loopback would (the
 * server trusts X-Forwarded-For from loopback only). Every test's traffic comes from 127.0.0.1,
 * so without this the per-client sign-in limit (30 failures in 15 minutes) would be shared by
 * the whole suite. An IPv6 address in the documentation prefix (2001:db8::/32) with 96 bits of
 * the key's hash: a run uses some 1,200 addresses, and with the 17 bits of an IPv4 test range two
 * of them would share one in most runs (a test then refused for another's failed sign-ins).
 */
export function clientAddressFor(key: string) {
  const hash = createHash('sha256').update(key).digest('hex')
  return `2001:db8:${hash.slice(0, 24).match(/.{4}/g)!.join(':')}`
}

/** A user written straight into the database by `insertNewUser`, with the demo password. */
export type InsertedUser = {
  id: number
  name: string
  email: string
  password: string
  role: 'pm' | 'pmm' | 'admin'
  cnic: string
  address: string
  city: string
  country: string
  phone: string
}

/** A product written straight into the database by `insertNewProduct`. */
export type InsertedProduct = NewProduct & {
  id: number
  pId: number
  ownerId: number
  status: 'published' | 'disabled'
}

export type InsertProductOptions = Partial<NewProduct> & {
  ownerId: number
  status?: 'published' | 'disabled'
}

type TestFixtures = {
  jsEnabled: boolean
  /**
   * Signs in as a demo user through the sign-in form; they land on their role's dashboard. Then
   * opens `path`, if given, ready.
   */
  signInAs: (who: keyof typeof DEMO, path?: string) => Promise<void>
  /** The ids of the rows this test inserted; deleted (with what depends on them) afterwards. */
  testData: { userIds: number[]; productIds: number[] }
  /** Inserts an enabled user through the factories (password: the demo password). */
  insertNewUser: (options?: {
    role?: InsertedUser['role']
    prefix?: string
  }) => Promise<InsertedUser>
  /** Inserts a published (or disabled) product of `ownerId` through the factories. */
  insertNewProduct: (options: InsertProductOptions) => Promise<InsertedProduct>
  /** A fresh pmm's product and a fresh pm holding a reservation of it (see reservedProduct). */
  reserveFreshProduct: (prefix: string) => ReturnType<typeof reservedProduct>
  /** Inserts a user and signs the page in as them through the sign-in form's endpoint. */
  signInAsNewUser: (user?: NewUserOptions) => Promise<InsertedUser>
  /** Signs the page in as `user` through the sign-in form's endpoint and opens `path`, ready. */
  openAs: (user: { email: string; password?: string }, path: string) => Promise<void>
  /** Inserts a user, signs the page in as them through the sign-in form's endpoint, opens `path`. */
  openAsNewUser: (user: NewUserOptions, path: string) => Promise<InsertedUser>
  /**
   * A fresh pmm (`prefix`, 'e2e-pmm' by default) and a product of theirs, with insertNewProduct's
   * options.
   */
  insertProductOfNewPmm: (
    options?: Omit<InsertProductOptions, 'ownerId'> & { prefix?: string },
  ) => Promise<{ pmm: InsertedUser; product: InsertedProduct }>
  /**
   * A fresh pmm's product (`<prefix>-pmm`, insertNewProduct's options) open in the PRODUCTS list,
   * filtered to it, for a fresh pm (`<prefix>-pm`); `list` is that list's address.
   */
  openProductAsNewPm: (
    prefix: string,
    product?: Omit<InsertProductOptions, 'ownerId'>,
  ) => Promise<{ pmm: InsertedUser; product: InsertedProduct; pm: InsertedUser; list: string }>
}

type NewUserOptions = { role?: InsertedUser['role']; prefix?: string }

/** The fixtures that insert data, for helpers that make a spec's setup. */
export type DataFixtures = Pick<TestFixtures, 'insertNewUser' | 'insertNewProduct'>

/*
 * The database helpers are imported inside the fixtures, never at the top of a module: importing
 * db/client.ts opens DATA_DIR's database, and this file is loaded before the web server (which
 * starts on a fresh data directory) has made it.
 */
export const test = base.extend<TestFixtures>({
  jsEnabled: async ({}, use, testInfo) => {
    await use(testInfo.project.name !== 'no-js')
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': clientAddressFor(testInfo.testId) })
  },
  signInAs: async ({ page, jsEnabled }, use) => {
    await use(async (who, path) => {
      await signIn(page, DEMO[who], jsEnabled)
      await expect(page).toHaveURL(who === 'admin' ? /\/admin\/dashboard$/ : /\/dashboard$/)
      if (path === undefined) return
      await page.goto(path)
      await ready(page, jsEnabled)
    })
  },
  testData: async ({}, use) => {
    const data: TestFixtures['testData'] = { userIds: [], productIds: [] }
    await use(data)
    if (data.userIds.length === 0 && data.productIds.length === 0) return
    const { deleteTestData } = await import('../tests/cleanup')
    deleteTestData(data)
  },
  insertNewUser: async ({ testData }, use) => {
    await use(async ({ role = 'pm', prefix } = {}) => {
      const { makeUser, DEMO_PASSWORD } = await import('../server/factories')
      const { password: _, role: __, ...details } = newUser('pm', prefix ?? `e2e-${role}`)
      const user = await makeUser({ ...details, role })
      testData.userIds.push(user.id)
      return {
        id: user.id,
        name: user.name,
        email: user.email,
        password: DEMO_PASSWORD,
        role: user.role,
        cnic: user.cnic,
        address: user.address,
        city: user.city,
        country: user.country,
        phone: user.phone,
      }
    })
  },
  reserveFreshProduct: async ({ page, insertNewUser, insertNewProduct }, use) => {
    await use((prefix) => reservedProduct(page, { insertNewUser, insertNewProduct }, prefix))
  },
  signInAsNewUser: async ({ insertNewUser, page }, use) => {
    await use(async (options) => {
      const user = await insertNewUser(options)
      await signInWith(page.request, user.email, user.password)
      return user
    })
  },
  openAs: async ({ page, jsEnabled }, use) => {
    await use(async (user, path) => {
      await signInWith(page.request, user.email, user.password)
      await page.goto(path)
      await ready(page, jsEnabled)
    })
  },
  openAsNewUser: async ({ insertNewUser, openAs }, use) => {
    await use(async (options, path) => {
      const user = await insertNewUser(options)
      await openAs(user, path)
      return user
    })
  },
  insertProductOfNewPmm: async ({ insertNewUser, insertNewProduct }, use) => {
    await use(async ({ prefix, ...product } = {}) => {
      const pmm = await insertNewUser({ role: 'pmm', prefix })
      return { pmm, product: await insertNewProduct({ ...product, ownerId: pmm.id }) }
    })
  },
  openProductAsNewPm: async ({ insertProductOfNewPmm, openAsNewUser }, use) => {
    await use(async (prefix, options) => {
      const { pmm, product } = await insertProductOfNewPmm({ ...options, prefix: `${prefix}-pmm` })
      const list = `/activeProducts?tab=products&productId=${product.pId}`
      const pm = await openAsNewUser({ role: 'pm', prefix: `${prefix}-pm` }, list)
      return { pmm, product, pm, list }
    })
  },
  insertNewProduct: async ({ testData }, use) => {
    await use(async ({ ownerId, status = 'published', ...overrides }) => {
      const { makeProduct } = await import('../server/factories')
      const p = newProduct(overrides)
      const row = await makeProduct({ id: ownerId, role: 'pmm' }, await productRefs(p), {
        keywords: p.keywords,
        brandName: p.brandName,
        soldBy: p.soldBy,
        commission: Math.round(Number(p.commission) * 100),
        websiteCommission: Math.round(Number(p.websiteCommission) * 100),
        limitPerDay: p.limitPerDay,
        limit: p.limit,
        instruction: p.instruction,
        refundPolicy: p.refundPolicy,
        commissionPolicy: p.commissionPolicy,
        marketingEndDate: p.marketing ?? null,
        status,
      })
      testData.productIds.push(row.id)
      return { ...p, id: row.id, pId: row.pId, ownerId, status }
    })
  },
})
export { expect }
export type { Page }

/** In a describe block: its tests run with JavaScript only; `reason` says why not without. */
export function jsOnly(reason: string) {
  test.skip(({ jsEnabled }) => !jsEnabled, reason)
}

/** In a describe block of HTTP-level tests (no page): they run once, in the js project. */
export function runOnce() {
  jsOnly('HTTP only: once is enough')
}

let counter = 0
/** An email no other test uses. */
export function uniqueEmail(prefix = 'user') {
  counter += 1
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.test`
}

/**
 * Waits for React to take over the page when JavaScript is on: the root's mount effect, which runs
 * after every other component's (the router exists before hydration has run them; a key or a click
 * in between can be lost).
 */
export async function ready(page: Page, jsEnabled: boolean) {
  if (jsEnabled)
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
}

/**
 * After a navigation in the page into the signed-in shell (a sign-in from /login), waits until
 * the shell listens for keys: `ready` is already true there (the page hydrated before), and a key
 * pressed before the new shell has run its effects (its keydown listener among them) is lost.
 * The palette button renders after those effects, so once it is there the shortcuts listen.
 */
export async function shortcutsListen(page: Page) {
  await expect(page.getByRole('button', { name: 'Go to… Ctrl K' })).toBeAttached()
}

/**
 * Without JavaScript, the Tab a user presses on a page opened at a link's fragment (#order-12,
 * Change Status, Edit): the browser starts the Tab order there once the page's load has applied
 * the fragment; a Tab sooner starts at the top. Call it after the new page is there (its URL or
 * content seen), so the load waited for is that page's.
 */
export async function tabFromFragment(page: Page) {
  await page.waitForLoadState('load')
  await page.keyboard.press('Tab')
}

export async function signIn(page: Page, email: string, jsEnabled: boolean, password = PASSWORD) {
  await page.goto('/login')
  await ready(page, jsEnabled)
  await submitSignIn(page, email, password)
}

/** Fills and submits the sign-in form of the current page. */
export async function submitSignIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
}

export const toast = (page: Page) => page.locator('[data-toast]')

/**
 * Expects a toast with exactly this message, in the live region that announces it: errors as
 * alerts, success and info messages as status.
 */
export async function expectToast(page: Page, message: string, kind: 'error' | 'success' | 'info') {
  const role = kind === 'error' ? 'alert' : 'status'
  const t = page
    .getByRole(role)
    .locator('[data-toast]')
    .filter({ has: page.getByText(message, { exact: true }) })
  await expect(t).toBeVisible()
  await expect(t).toHaveClass(new RegExp(`toast--${kind}`))
  return t
}

/** The field shows this (first) error, tied to it for assistive technology. */
export async function expectFieldError(field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(field).toHaveAccessibleDescription(message)
  const describedBy = await field.getAttribute('aria-describedby')
  expect(describedBy).toBeTruthy()
  const error = field.page().locator(`[id="${describedBy}"]`)
  await expect(error).toBeVisible()
  await expect(error).toHaveText(message)
}

/** Each labelled field shows its message (`{ label: message }`). */
export async function expectFieldErrors(page: Page, messages: Record<string, string>) {
  for (const [label, message] of Object.entries(messages)) {
    await expectFieldError(page.getByLabel(label), message)
  }
}

export async function expectNoFieldError(field: Locator) {
  await expect(field).not.toHaveAttribute('aria-invalid', 'true')
  await expect(field).toHaveAccessibleDescription('')
}

/**
 * Lifts the input's maxlength, as a pasted value in an old browser or a hand-made request would,
 * so the server's (and the validator's) own length rule can be seen.
 */
export async function liftMaxLength(field: Locator) {
  await field.evaluate((el) => el.removeAttribute('maxlength'))
}

export type NewUser = {
  name: string
  email: string
  password: string
  cnic: string
  address: string
  role: 'pm' | 'pmm'
  city: string
  country: string
  phone: string
}

/** Valid registration data for a fresh account. */
export function newUser(role: 'pm' | 'pmm' = 'pm', prefix = `e2e-${role}`): NewUser {
  return {
    // A fixed-length token: no test's name is part of another's (the lists search by "contains").
    name: `Ayesha Test ${randomUUID().slice(0, 8)}`,
    email: uniqueEmail(prefix),
    password: 'secret123',
    cnic: '3520212345671',
    address: '12 Mall Road',
    role,
    city: 'Lahore',
    country: 'Pakistan',
    phone: '+92 300 1234567',
  }
}

/** Fills the register form of the current page (role by its visible label PM / PMM). */
export async function fillRegisterForm(page: Page, user: Partial<NewUser>) {
  if (user.name !== undefined) await page.getByLabel('Full Name').fill(user.name)
  if (user.email !== undefined) await page.getByLabel('Email').fill(user.email)
  if (user.password !== undefined) await page.getByLabel('Password').fill(user.password)
  if (user.cnic !== undefined) await page.getByLabel('CNIC').fill(user.cnic)
  if (user.address !== undefined) await page.getByLabel('Address').fill(user.address)
  if (user.role !== undefined)
    await page.getByLabel('Role').selectOption({ label: user.role.toUpperCase() })
  if (user.city !== undefined) await page.getByLabel('City').fill(user.city)
  if (user.country !== undefined) await page.getByLabel('Country').fill(user.country)
  if (user.phone !== undefined) await page.getByLabel('Phone').fill(user.phone)
}

/**
 * Registers an account through the register form's endpoint. With `page.request` (which shares
 * the page's cookies) the browser is signed in as that user afterwards; the page must not be
 * signed in already (a signed-in user is sent to their dashboard instead).
 */
/** The answer is a redirect (302) to `location`; `what` names the request in a failure. */
export function expectRedirect(res: APIResponse, location: string, what?: string) {
  expect(res.status(), what).toBe(302)
  expect(res.headers()['location'], what).toBe(location)
}

export async function registerWith(request: APIRequestContext, user: NewUser) {
  const res = await request.post('/register', { form: { ...user }, maxRedirects: 0 })
  expectRedirect(res, '/dashboard', `registering ${user.email}`)
  // Only a real registration starts a session and flashes the success toast.
  expect(
    res.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie').length,
  ).toBeGreaterThan(0)
  return user
}

/** Creates a fresh account without signing anyone in. */
export async function createAccount(role: 'pm' | 'pmm' = 'pm', prefix?: string) {
  const baseURL = test.info().project.use.baseURL
  const ctx = await request.newContext({ baseURL })
  try {
    return await registerWith(ctx, newUser(role, prefix))
  } finally {
    await ctx.dispose()
  }
}

/** Registers a fresh account and signs the page's browser in as that user. */
export async function registerAndSignIn(page: Page, role: 'pm' | 'pmm' = 'pm', prefix?: string) {
  return registerWith(page.request, newUser(role, prefix))
}

/** Every URL the browser went through to get this response (server redirects included). */
export function redirectChain(response: Response | null) {
  const urls: string[] = []
  let req = response?.request() ?? null
  while (req) {
    urls.unshift(new URL(req.url()).pathname + new URL(req.url()).search)
    req = req.redirectedFrom()
  }
  return urls
}

export const SIDEBAR = {
  pmm: [
    ['Dashboard', '/dashboard'],
    ['Active Products', '/activeProducts'],
    ['Disabled Products', '/disabledProduct'],
    ['Orders', '/orders'],
    ['Buyer Link', '/buyerLink'],
    ['Scammer PayPal', '/scammerPaypal'],
    ['Order Reports', '/orderReport'],
    ["User's Profile", '/userProfile'],
  ],
  pm: [
    ['Dashboard', '/dashboard'],
    ['Active Products', '/activeProducts'],
    ['Reservations', '/reservations'],
    ['Orders', '/orders'],
    ['Buyer Link', '/buyerLink'],
    ['Scammer PayPal', '/scammerPaypal'],
    ["User's Profile", '/userProfile'],
  ],
  admin: [
    ['Dashboard', '/admin/dashboard'],
    ['All PMM', '/all/pmm'],
    ['All PM', '/all/pm'],
    ['Delete User', '/all/user/deleted'],
    ['All Products', '/all/product'],
    ['All Orders', '/all/order'],
    ["User's Profile", '/user/profile'],
  ],
} as const satisfies Record<string, ReadonlyArray<readonly [string, string]>>

export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' })

// ---------------------------------------------------------------------------------------------
// Catalog and reservations

export const FIXTURES = {
  avatar: path.join(import.meta.dirname, 'fixtures', 'avatar.png'),
  /** 240×180 PNG: the product picture of the products the tests add. */
  product: path.join(import.meta.dirname, 'fixtures', 'product.png'),
  /** 180×240 PNG: the marketplace picture. */
  marketplace: path.join(import.meta.dirname, 'fixtures', 'marketplace.png'),
} as const

/** The seeded markets (server/seed.ts): name as the selects show it, short name as the tables do. */
export const MARKETS = {
  US: 'Amazon United States',
  UK: 'Amazon United Kingdom',
  DE: 'Amazon Germany',
  FR: 'Amazon France',
  IT: 'Amazon Italy',
  ES: 'Amazon Spain',
  CA: 'Amazon Canada',
} as const

export const RESERVE_MESSAGES = {
  success: 'Product reserved successfully. It is held for you for 60 minutes.',
  duplicate: 'You have already reserved this product.',
  todayFull: "Today's sale limit for this product is reached. Please try again tomorrow.",
  notFound: (pId: number) => `No product found with ID ${pId}.`,
  released: 'Product release successfully.',
} as const

export const PID_MESSAGES = {
  required: 'Please enter Product ID',
  number: 'Please enter number.',
  min: 'Enter 6 digits product ID.',
  max: "Please don't exceed over 6 digits product ID.",
} as const

/** Today plus `days`, as YYYY-MM-DD (UTC, the app's default business day). */
export function isoDate(days = 0) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

/** A short word no other test uses, for keywords and brand names. */
export function uniqueWord(prefix = 'w') {
  counter += 1
  return `${prefix}${Date.now().toString(36)}${process.pid.toString(36)}${counter}`
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

export type ApiUser = NewUser & { token: string; id: number; count: number }

/** Registers a fresh account through `POST /api/v1/user/register` (no cookie is set). */
export async function apiRegister(
  request: APIRequestContext,
  role: 'pm' | 'pmm' = 'pm',
  prefix?: string,
  headers?: Record<string, string>,
): Promise<ApiUser> {
  const user = newUser(role, prefix)
  const res = await request.post('/api/v1/user/register', { data: user, headers })
  expect(res.status(), `registering ${user.email}: ${await res.text()}`).toBe(201)
  const body = (await res.json()) as { token: string; user: { _id: string; count: number } }
  expect(body.token).toBeTruthy()
  return { ...user, token: body.token, id: Number(body.user._id), count: body.user.count }
}

/**
 * Signs the browser behind `request` (use `page.request`) in through the sign-in form's endpoint,
 * as the form itself would.
 */
export async function signInWith(request: APIRequestContext, email: string, password = PASSWORD) {
  const res = await request.post('/login', { form: { email, password }, maxRedirects: 0 })
  expect(res.status(), `signing in ${email}`).toBe(302)
  return res
}

export type NewProduct = {
  keywords: string
  brandName: string
  soldBy: string
  market: keyof typeof MARKETS
  chineseSeller: string
  categoryId: string
  commission: string
  websiteCommission: string
  limitPerDay: number
  limit: number
  instruction: string
  refundPolicy: string
  commissionPolicy: string
  marketing?: string
}

/** Valid data for a fresh product, with a keyword and brand name no other test uses. */
export function newProduct(overrides: Partial<NewProduct> = {}): NewProduct {
  const word = uniqueWord('kw')
  return {
    keywords: `${word} garden hose`,
    brandName: `Brand ${word}`,
    soldBy: 'Shenzhen Garden Co.',
    market: 'DE',
    chineseSeller: '深圳市优品科技有限公司',
    categoryId: 'Home & Kitchen',
    commission: '12.5',
    websiteCommission: '2',
    limitPerDay: 5,
    limit: 40,
    instruction: `Search "${word}", leave a 5 star review after 4 days.`,
    refundPolicy: 'Refund after the review, product plus fee.',
    commissionPolicy: 'Commission after the review; none on deleted reviews.',
    ...overrides,
  }
}

export type ApiProduct = {
  pId: number
  keywords: string
  brandName: string
  sellerName: string
  limitPerDay: number
  limit: number
  todayRemaining: number
  totalRemaining: number
  status: 'published' | 'disabled'
  image: { thumb: string; medium: string; original: string }
}

type Lookup = { _id: string; name: string; shortName?: string }

async function lookupId(request: APIRequestContext, token: string, path: string, name: string) {
  const res = await request.get(path, { headers: bearer(token) })
  expect(res.status()).toBe(200)
  const { data } = (await res.json()) as { data: Lookup[] }
  const found = data.find((o) => o.name === name)
  expect(found, `${name} in ${path}`).toBeTruthy()
  return found!._id
}

/**
 * The multipart body of a new product, as the ADD form and `POST /api/v1/product/` take it
 * (market, Chinese seller and category by id, both pictures).
 */
export async function productMultipart(
  request: APIRequestContext,
  token: string,
  product: NewProduct = newProduct(),
) {
  const [market, chineseSeller, categoryId] = await Promise.all([
    lookupId(request, token, '/api/v1/market/', MARKETS[product.market]),
    lookupId(request, token, '/api/v1/chinese/seller/', product.chineseSeller),
    lookupId(request, token, '/api/v1/cat/', product.categoryId),
  ])
  const [image, screenShot] = await Promise.all([
    fs.readFile(FIXTURES.product),
    fs.readFile(FIXTURES.marketplace),
  ])
  return {
    keywords: product.keywords,
    brandName: product.brandName,
    soldBy: product.soldBy,
    market,
    chineseSeller,
    categoryId,
    commission: product.commission,
    websiteCommission: product.websiteCommission,
    limitPerDay: String(product.limitPerDay),
    limit: String(product.limit),
    instruction: product.instruction,
    refundPolicy: product.refundPolicy,
    commissionPolicy: product.commissionPolicy,
    ...(product.marketing ? { marketing: product.marketing } : {}),
    image: { name: 'product.png', mimeType: 'image/png', buffer: image },
    screenShot: { name: 'marketplace.png', mimeType: 'image/png', buffer: screenShot },
  }
}

/** The seeded market, category and Chinese seller a product names, by id. */
async function productRefs(p: NewProduct) {
  const { listCategories, listChineseSellers, listMarkets } =
    await import('../app/models/lookup.server')
  const id = (rows: Array<{ id: number }>, what: string) => {
    expect(rows, what).toHaveLength(1)
    return rows[0].id
  }
  return {
    marketId: id(
      listMarkets().filter((m) => m.shortName === p.market),
      `market ${p.market}`,
    ),
    categoryId: id(
      listCategories().filter((c) => c.name === p.categoryId),
      `category ${p.categoryId}`,
    ),
    chineseSellerId: id(
      listChineseSellers().filter((s) => s.name === p.chineseSeller),
      `Chinese seller ${p.chineseSeller}`,
    ),
  }
}

/**
 * A fresh pmm's product (market DE) and a fresh pm holding a reservation of it (made through the
 * API); the page is left signed out.
 */
export async function reservedProduct(
  page: Page,
  { insertNewUser, insertNewProduct }: DataFixtures,
  prefix: string,
) {
  const pmm = await insertNewUser({ role: 'pmm', prefix: `${prefix}-pmm` })
  const product = await insertNewProduct({ ownerId: pmm.id, market: 'DE' })
  const pm = await insertNewUser({ role: 'pm', prefix: `${prefix}-pm` })
  const token = await apiSignIn(page.request, pm.email, pm.password)
  expect((await apiReserve(page.request, token, product.pId)).status()).toBe(201)
  await page.context().clearCookies()
  return { pmm, pm: { ...pm, token }, product }
}

/** Signs in through `POST /api/v1/user/login` and returns the bearer token. */
export async function apiSignIn(request: APIRequestContext, email: string, password = PASSWORD) {
  const res = await request.post('/api/v1/user/login', { data: { email, password } })
  expect(res.status(), `signing ${email} in through the API`).toBe(200)
  return ((await res.json()) as { token: string }).token
}

/** A pmm adds a product through `POST /api/v1/product/` (multipart, with both pictures). */
export async function apiCreateProduct(
  request: APIRequestContext,
  token: string,
  product: NewProduct = newProduct(),
): Promise<ApiProduct> {
  const res = await request.post('/api/v1/product/', {
    headers: bearer(token),
    multipart: await productMultipart(request, token, product),
  })
  expect(res.status(), `adding a product: ${await res.text()}`).toBe(201)
  const body = (await res.json()) as { data: ApiProduct }
  return body.data
}

/** A fresh pmm registered through the API (`prefix`), and a product they add through it. */
export async function apiProductOfNewPmm(
  request: APIRequestContext,
  prefix: string,
  product?: NewProduct,
) {
  const pmm = await apiRegister(request, 'pmm', prefix)
  return { pmm, product: await apiCreateProduct(request, pmm.token, product) }
}

export async function apiGetProduct(request: APIRequestContext, token: string, pId: number) {
  const res = await request.get(`/api/v1/product/${pId}`, { headers: bearer(token) })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { data: ApiProduct }).data
}

export function apiReserve(request: APIRequestContext, token: string, pId: number | string) {
  return request.post(`/api/v1/reserve/${pId}`, { headers: bearer(token) })
}

export function apiRelease(request: APIRequestContext, token: string, pId: number) {
  return request.delete(`/api/v1/reserve/${pId}`, { headers: bearer(token) })
}

/** A 6-digit product id that no product has (yet). */
export async function unusedProductId(request: APIRequestContext, token: string) {
  for (;;) {
    const pId = 100000 + Math.floor(Math.random() * 900000)
    const res = await request.get(`/api/v1/product/${pId}`, { headers: bearer(token) })
    if (res.status() === 404) return pId
  }
}

/** The page's table with this caption ("Products", "Disabled products", "Reserved products"). */
export const table = (page: Page, caption: string) =>
  page.getByRole('table', { name: caption, exact: true })

/** The row of `tableLocator` whose Product ID cell is `pId`. */
export const rowOf = (tableLocator: Locator, pId: number) =>
  tableLocator
    .getByRole('row')
    .filter({ has: tableLocator.page().getByRole('cell', { name: String(pId), exact: true }) })

/** The row's cells by column header, as the DOM has them (headers are upper-cased by CSS only). */
export async function rowRecord(tableLocator: Locator, row: Locator) {
  const headers = await tableLocator.getByRole('columnheader').allTextContents()
  const cells = await row.getByRole('cell').allTextContents()
  expect(cells).toHaveLength(headers.length)
  return Object.fromEntries(headers.map((h, i) => [h, cells[i].trim()]))
}

/** A screen's tab: a link in its "Sections" navigation. */
export const pageTab = (page: Page, label: string) =>
  page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: label, exact: true })

/** The tabs of a screen, and the one current tab (the only link with aria-current="page"). */
export async function expectTabs(page: Page, labels: string[], selected: string) {
  const tabs = page.getByRole('navigation', { name: 'Sections' }).getByRole('link')
  await expect(tabs).toHaveText(labels)
  await expect(tabs.and(page.locator('[aria-current]'))).toHaveText([selected])
  await expect(pageTab(page, selected)).toHaveAttribute('aria-current', 'page')
}

/** The page itself never scrolls sideways (on a phone a table's rows are cards). */
export async function expectNoSidewaysScroll(page: Page) {
  const { width } = page.viewportSize()!
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
}

/**
 * Presses the order report's COPY button. With JavaScript it writes to the clipboard, which the
 * page is allowed to use first; without, the browser opens the text file.
 */
export async function pressCopy(page: Page, jsEnabled: boolean) {
  if (jsEnabled) {
    const origin = test.info().project.use.baseURL
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin })
  }
  await page.getByRole('button', { name: 'COPY', exact: true }).click()
}

/** The picture has really loaded (decoded, with a size). */
export async function expectLoaded(img: Locator) {
  await img.scrollIntoViewIfNeeded()
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true)
}

/** The value of one series in a Prometheus text answer (0 when absent). */
export function series(text: string, name: string, labels = '') {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `))
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0
}

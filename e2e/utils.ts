import {
  expect,
  request,
  test as base,
  type APIRequestContext,
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

/** Names of the demo accounts (db/seed.ts). */
export const DEMO_NAMES = {
  admin: 'Amna Siddiqui',
  pmm: 'Bilal Ahmed',
  pm: 'Usman Tariq',
} as const

export const test = base.extend<{ jsEnabled: boolean }>({
  jsEnabled: async ({}, use, testInfo) => {
    await use(testInfo.project.name !== 'no-js')
  },
})
export { expect }
export type { Page }

let counter = 0
/** An email no other test uses. */
export function uniqueEmail(prefix = 'user') {
  counter += 1
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.test`
}

/** Waits for React to take over the page when JavaScript is on. */
export async function ready(page: Page, jsEnabled: boolean) {
  if (jsEnabled)
    await page.waitForFunction(
      () => (window as { __remixRouter?: unknown }).__remixRouter !== undefined,
    )
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
  await page.getByRole('button', { name: 'Sign In' }).click()
}

export const toast = (page: Page) => page.locator('[data-toast]')

/**
 * Expects a toast with exactly this message. Errors are announced as alerts, success and info
 * messages as status.
 */
export async function expectToast(page: Page, message: string, kind: 'error' | 'success' | 'info') {
  const role = kind === 'error' ? 'alert' : 'status'
  const t = page.getByRole(role).filter({ has: page.getByText(message, { exact: true }) })
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
  counter += 1
  return {
    name: `Ayesha Test ${counter}${Math.floor(Math.random() * 1000)}`,
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
export async function registerWith(request: APIRequestContext, user: NewUser) {
  const res = await request.post('/register', { form: { ...user }, maxRedirects: 0 })
  expect(res.status(), `registering ${user.email}`).toBe(302)
  expect(res.headers()['location']).toBe('/dashboard')
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

import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import sharp from 'sharp'
import type { APIRequestContext, APIResponse } from '@playwright/test'
import {
  apiGetProduct,
  apiProductOfNewPmm,
  apiRegister,
  bearer,
  clientAddressFor,
  createAccount,
  expect,
  expectRedirect,
  expectToast,
  FIXTURES,
  newUser,
  pageTab,
  productMultipart,
  ready,
  registerAndSignIn,
  sidebar,
  signInWith,
  submitSignIn,
  test,
  uniqueEmail,
} from './utils'

const MB = 1024 * 1024
const MESSAGES = {
  tooLarge1: 'The request is too large. Forms may send at most 1 MB, pictures at most 12 MB.',
  tooLarge12: 'The request is too large. Forms may send at most 1 MB, pictures at most 12 MB.',
  crossOrigin: 'Cross-origin requests are not allowed.',
  contentType: 'Please send this form as a web form (urlencoded or multipart).',
  unreadable: 'The form could not be read.',
  unreadableApi: 'The multipart form could not be read.',
  malformedUrl: 'The address is malformed.',
  methodNotAllowed: 'This page does not accept that kind of request.',
  failed: 'Incorrect username or password. Please try again.',
  emailThrottled:
    'Too many failed sign-in attempts for this email. Please wait 15 minutes and try again.',
  clientThrottled:
    'Too many failed sign-in attempts from your network. Please wait 15 minutes and try again.',
  serverError: 'Something went wrong on our side. Please try again in a moment.',
} as const

/** HTTP-level checks need one browser project only: call in a test, or onceOnly() for a group. */
const httpCheck = () =>
  test.skip(test.info().project.name === 'no-js', 'an HTTP-level check: the js project runs it')
const onceOnly = () => test.beforeEach(httpCheck)

/** A 400 page that says a value is too long, without echoing it (a run of `char`) back. */
async function expectTooLongPage(res: APIResponse, char: string) {
  expect(res.status()).toBe(400)
  const page = await res.text()
  expect(page).toContain('Please keep this under 200 characters.')
  expect(page).not.toContain(char.repeat(1001))
}

/** The sign-in form posted as a browser without JavaScript would (its answer not followed). */
const postSignIn = (
  request: APIRequestContext,
  form: { email: string; password: string; redirectTo?: string },
  headers?: Record<string, string>,
) => request.post('/login', { headers, form, maxRedirects: 0 })

/** A sign-in through the API, answered whatever the outcome. */
const apiSignInAttempt = (
  request: APIRequestContext,
  data: { email: string; password: string },
  headers?: Record<string, string>,
) => request.post('/api/v1/user/login', { headers, data })

/** A client address for this test (see clientAddressFor), as the proxy header. */
const client = (name: string) => ({
  'X-Forwarded-For': clientAddressFor(`${test.info().testId}:${name}`),
})

test.describe('request bodies are capped before the app reads them (1 MB, 12 MB multipart)', () => {
  onceOnly()

  test('a sign-in form over 1 MB is a 413 page, a JSON body over 1 MB a 413 JSON', async ({
    request,
  }) => {
    const page = await request.post('/login', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      data: `email=${'a'.repeat(2 * MB)}&password=secret123`,
      maxRedirects: 0,
    })
    expect(page.status()).toBe(413)
    expect(page.headers()['content-type']).toMatch(/^text\/html/)
    expect(await page.text()).toContain(MESSAGES.tooLarge1)

    const api = await request.post('/api/v1/user/login', {
      data: { email: 'pm@example.com', password: 'x'.repeat(2 * MB) },
    })
    expect(api.status()).toBe(413)
    expect(await api.json()).toEqual({ success: false, message: MESSAGES.tooLarge1 })
  })

  test('a chunked body (no length given) is cut off at the cap', async ({ baseURL }) => {
    const total = 64 * MB
    const answer = await postChunked(new URL('/login', baseURL), total)
    expect(answer.status).toBe(413)
    expect(answer.body).toContain(MESSAGES.tooLarge1)
    // The answer came long before the client could send everything: nothing past the cap is read.
    expect(answer.sentBeforeAnswer).toBeLessThan(total / 2)
  })

  test('multipart forms may carry pictures up to 12 MB in all', async ({ request }) => {
    const user = await apiRegister(request, 'pm', 'caps')
    // 2 MB (more than a plain form may be) is read, and judged by the picture rules.
    const accepted = await request.put('/api/v1/user/', {
      headers: bearer(user.token),
      multipart: {
        profileImg: { name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * MB, 1) },
      },
    })
    expect(accepted.status()).toBe(400)
    expect((await accepted.json()).message).toBe(
      'This file is not a picture. Please choose a JPEG, PNG, WebP, GIF or AVIF image.',
    )
    const refused = await request.put('/api/v1/user/', {
      headers: bearer(user.token),
      multipart: {
        profileImg: { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(13 * MB, 1) },
      },
    })
    expect(refused.status()).toBe(413)
    expect(await refused.json()).toEqual({ success: false, message: MESSAGES.tooLarge12 })
  })

  test('over-long values are refused with a message and never echoed back', async ({ request }) => {
    const long = 'a'.repeat(100_000)
    const login = await postSignIn(request, { email: `${long}@example.com`, password: 'secret123' })
    await expectTooLongPage(login, 'a')

    const register = await request.post('/register', {
      form: { ...newUser('pm'), city: 'c'.repeat(100_001) },
      maxRedirects: 0,
    })
    await expectTooLongPage(register, 'c')

    const api = await request.post('/api/v1/user/register', {
      data: { ...newUser('pm'), city: 'c'.repeat(100_001) },
    })
    expect(api.status()).toBe(400)
    expect((await api.json()).message).toBe('Please keep this under 200 characters.')
  })
})

test.describe('sign-in limits', () => {
  onceOnly()

  test('50 parallel wrong guesses and the right password: never signed in once ten are used', async ({
    request,
  }) => {
    const user = await createAccount('pm', 'parallel')
    // Many clients at once, through the page and the API (they share the limit).
    const guesses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const headers = client(`guess-${i}`)
        const password = `wrong-password-${i}`
        return i % 2
          ? request.post('/login', {
              headers,
              form: { email: user.email, password },
              maxRedirects: 0,
            })
          : apiSignInAttempt(request, { email: user.email, password }, headers)
      }),
    )
    const statuses = guesses.map((r) => r.status())
    expect(statuses.filter((s) => s === 401)).toHaveLength(10)
    expect(statuses.filter((s) => s === 429)).toHaveLength(40)

    // The right password is refused too, and the lock holds.
    for (const i of [1, 2]) {
      const page = await postSignIn(
        request,
        { email: user.email, password: user.password },
        client(`right-${i}`),
      )
      expect(page.status()).toBe(429)
      expect(await page.text()).toContain(MESSAGES.emailThrottled)
      const api = await apiSignInAttempt(
        request,
        { email: user.email, password: user.password },
        client(`right-api-${i}`),
      )
      expect(api.status()).toBe(429)
      expect(await api.json()).toEqual({ success: false, message: MESSAGES.emailThrottled })
    }
  })

  test('one client cannot lock every account: past 30 failures its guesses count for nobody', async ({
    request,
  }) => {
    const attacker = client('attacker')
    const [target, bystander] = await Promise.all([
      createAccount('pm', 'target'),
      createAccount('pm', 'bystander'),
    ])
    // Thirty wrong guesses at other emails: the client's whole allowance, checked and failed.
    const first = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        apiSignInAttempt(
          request,
          { email: uniqueEmail(`nobody${i % 3}`), password: 'wrong-password' },
          attacker,
        ),
      ),
    )
    expect(first.map((r) => r.status())).toEqual(Array(30).fill(401))
    // ... then this client is refused before any password check, here at a real account.
    for (let i = 0; i < 10; i += 1) {
      const r = await postSignIn(
        request,
        { email: target.email, password: `wrong-password-${i}` },
        attacker,
      )
      expect(r.status()).toBe(429)
      expect(await r.text()).toContain(MESSAGES.clientThrottled)
    }
    const api = await apiSignInAttempt(
      request,
      { email: bystander.email, password: bystander.password },
      attacker,
    )
    expect(api.status()).toBe(429)
    expect(await api.json()).toEqual({ success: false, message: MESSAGES.clientThrottled })

    // Its ten guesses did not lock the account: its owner signs in from another client.
    const owner = await postSignIn(
      request,
      { email: target.email, password: target.password },
      client('owner'),
    )
    expectRedirect(owner, '/dashboard')
  })
})

test.describe('after sign-in, only a same-site path is followed', () => {
  test('a redirectTo with a tab cannot lead to another host', async ({
    page,
    jsEnabled,
    baseURL,
  }) => {
    const user = await createAccount('pm', 'redirect')
    await page.goto('/login?redirectTo=%2F%09%2Fevil.example%2F')
    await ready(page, jsEnabled)
    await submitSignIn(page, user.email, user.password)
    await expect(page).toHaveURL(/\/dashboard$/)
    expect(new URL(page.url()).host).toBe(new URL(baseURL!).host)
    await expect(pageTab(page, 'PM Dashboard')).toBeVisible()
  })

  test('a redirectTo with a newline, CR, NUL or U+3000 falls back to the home page', async ({
    request,
  }) => {
    httpCheck()
    const user = await createAccount('pm', 'redirect-ctl')
    for (const redirectTo of [
      '/\n/evil.example/',
      '/x\r\nSet-Cookie: evil=1',
      '/\u0000evil',
      '/\u3000/evil.example/',
      '/\\evil.example/',
      '//evil.example/',
    ]) {
      const r = await postSignIn(request, {
        email: user.email,
        password: user.password,
        redirectTo,
      })
      expectRedirect(r, '/dashboard', JSON.stringify(redirectTo))
    }
  })
})

test.describe('writes that ride on the cookie come only from our own origin', () => {
  test('a page on another port of this host cannot reserve with the cookie', async ({
    page,
    request,
    baseURL,
  }) => {
    const { pmm: owner, product } = await apiProductOfNewPmm(request, 'csrf-owner')
    await registerAndSignIn(page, 'pm', 'csrf-victim')
    // Another origin of the same site: SameSite=Lax cookies are sent along.
    const evil = `http://localhost:${Number(new URL(baseURL!).port) + 1}`
    await page.route(`${evil}/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<form method="post" enctype="text/plain" action="${baseURL}/api/v1/reserve/${product.pId}"><button>Win a prize</button></form>`,
      }),
    )
    await page.goto(`${evil}/prize`)
    const answer = page.waitForResponse((r) => r.url().includes('/api/v1/reserve/'))
    await page.getByRole('button', { name: 'Win a prize' }).click()
    expect((await answer).status()).toBe(403)
    await expect(page.getByText(MESSAGES.crossOrigin)).toBeVisible()
    expect((await apiGetProduct(request, owner.token, product.pId)).todayRemaining).toBe(
      product.todayRemaining,
    )
  })

  test('the API: a foreign Origin, Referer or Sec-Fetch-Site is refused; same-origin and bearer calls are not', async ({
    page,
    request,
    baseURL,
  }) => {
    httpCheck()
    const { pmm: owner, product } = await apiProductOfNewPmm(request, 'csrf-api-owner')
    const pm = await apiRegister(request, 'pm', 'csrf-api-pm')
    await signInWith(page.request, pm.email, pm.password)
    const own = new URL(baseURL!).origin
    const otherPort = `http://localhost:${Number(new URL(baseURL!).port) + 1}`
    for (const headers of [
      { Origin: 'http://evil.example', 'Content-Type': 'text/plain' } as Record<string, string>,
      { Origin: otherPort },
      { Origin: 'null' },
      { Referer: 'http://evil.example/page' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
    ]) {
      const r = await page.request.post(`/api/v1/reserve/${product.pId}`, { headers, data: 'x' })
      expect(r.status(), JSON.stringify(headers)).toBe(403)
      expect(await r.json()).toEqual({ success: false, message: MESSAGES.crossOrigin })
    }
    const remaining = () =>
      apiGetProduct(request, owner.token, product.pId).then((p) => p.todayRemaining)
    expect(await remaining()).toBe(product.todayRemaining)

    const sameOrigin = await page.request.post(`/api/v1/reserve/${product.pId}`, {
      headers: { Origin: own },
    })
    expect(sameOrigin.status()).toBe(201)
    // A bearer token is not sent by a browser on its own: a foreign origin does not matter.
    const other = await apiRegister(request, 'pm', 'csrf-api-bearer')
    const withBearer = await page.request.post(`/api/v1/reserve/${product.pId}`, {
      headers: { ...bearer(other.token), Origin: 'http://evil.example' },
    })
    expect(withBearer.status()).toBe(201)
    expect(await remaining()).toBe(product.todayRemaining - 2)
  })

  test('pages: a form from another origin is a 403 (not a 500), log-out included', async ({
    page,
    request,
    baseURL,
  }) => {
    httpCheck()
    const user = await createAccount('pm', 'csrf-page')
    const login = await postSignIn(
      request,
      { email: user.email, password: user.password },
      { Origin: 'http://evil.example' },
    )
    expect(login.status()).toBe(403)
    expect(await login.text()).toContain(MESSAGES.crossOrigin)

    await signInWith(page.request, user.email, user.password)
    const otherPort = `http://localhost:${Number(new URL(baseURL!).port) + 1}`
    const logout = await page.request.post('/logout', {
      headers: { Origin: otherPort },
      form: {},
      maxRedirects: 0,
    })
    expect(logout.status()).toBe(403)
    expect((await page.request.get('/dashboard', { maxRedirects: 0 })).status()).toBe(200)
    const ours = await page.request.post('/logout', {
      headers: { Origin: new URL(baseURL!).origin },
      form: {},
      maxRedirects: 0,
    })
    expect(ours.status()).toBe(302)
    expect((await page.request.get('/dashboard', { maxRedirects: 0 })).status()).toBe(302)
  })
})

test.describe('a picture named holiday;beach.png', () => {
  test('is accepted on the profile page', async ({ page, jsEnabled }) => {
    await registerAndSignIn(page, 'pm', 'semicolon')
    await page.goto('/userProfile')
    await ready(page, jsEnabled)
    await page.getByLabel('Profile picture').setInputFiles({
      name: 'holiday;beach=sea.png',
      mimeType: 'image/png',
      buffer: await fs.readFile(FIXTURES.avatar),
    })
    await page.getByRole('button', { name: 'Change Pic' }).click()
    await expectToast(page, 'Picture successfully updated.', 'success')
  })

  test('is accepted by the add-product form and the API', async ({ page, request }) => {
    httpCheck()
    const pmm = await apiRegister(request, 'pmm', 'semicolon-pmm')
    const body = await productMultipart(request, pmm.token)
    body.image = { ...body.image, name: 'holiday;beach.png' }
    body.screenShot = { ...body.screenShot, name: 'shop=front;1.png' }
    await signInWith(page.request, pmm.email, pmm.password)
    const form = await page.request.post('/activeProducts?tab=add', {
      multipart: { intent: 'add', ...body },
      maxRedirects: 0,
    })
    expectRedirect(form, '/activeProducts?tab=products')

    const api = await request.put('/api/v1/user/', {
      headers: bearer(pmm.token),
      multipart: {
        profileImg: {
          name: 'holiday;beach.png',
          mimeType: 'image/png',
          buffer: await fs.readFile(FIXTURES.avatar),
        },
      },
    })
    expect(api.status()).toBe(200)
    expect((await api.json()).message).toBe('Picture successfully updated.')
  })
})

test.describe('wrong requests are a clear 4xx, never a 500', () => {
  onceOnly()

  test('a page form must be a form: JSON, plain text or no body are 415', async ({ page }) => {
    for (const [url, options] of [
      ['/login', { data: { email: 'pm@example.com', password: 'password123' } }],
      ['/register', { headers: { 'Content-Type': 'text/plain' }, data: 'name=x' }],
      ['/login', {}],
    ] as const) {
      const r = await page.request.post(url, { ...options, maxRedirects: 0 })
      expect(r.status(), url).toBe(415)
      expect(await r.text()).toContain(MESSAGES.contentType)
    }
    await registerAndSignIn(page, 'pmm', 'json-page')
    const r = await page.request.post('/activeProducts?tab=add', {
      data: { intent: 'add' },
      maxRedirects: 0,
    })
    expect(r.status()).toBe(415)
  })

  test('a broken multipart body is a 400, on a page and in the API', async ({ page, request }) => {
    const broken = {
      headers: { 'Content-Type': 'multipart/form-data; boundary=XyZ' },
      data: 'this is not a multipart body',
    }
    const pmm = await apiRegister(request, 'pmm', 'broken')
    for (const [method, url] of [
      ['PUT', '/api/v1/user/'],
      ['POST', '/api/v1/product/'],
    ] as const) {
      const r = await request.fetch(url, {
        method,
        ...broken,
        headers: { ...broken.headers, ...bearer(pmm.token) },
      })
      expect(r.status(), url).toBe(400)
      expect(await r.json()).toEqual({ success: false, message: MESSAGES.unreadableApi })
    }
    await signInWith(page.request, pmm.email, pmm.password)
    // The profile signed in; the sign-in page signed out (it sends a signed-in visitor home).
    for (const [client, url] of [
      [page.request, '/userProfile'],
      [request, '/login'],
    ] as const) {
      const r = await client.post(url, { ...broken, maxRedirects: 0 })
      expect(r.status(), url).toBe(400)
      expect(await r.text()).toContain(MESSAGES.unreadable)
    }
  })

  test('a POST to a page without an action is a clean 405 page', async ({ page }) => {
    await registerAndSignIn(page, 'pm', 'no-action')
    for (const url of ['/dashboard', '/dashboard.data']) {
      const r = await page.request.post(url, { form: { a: '1' }, maxRedirects: 0 })
      expect(r.status(), url).toBe(405)
      const text = await r.text()
      expect(text).toContain(MESSAGES.methodNotAllowed)
      // The router's own text names routes and exports.
      expect(text).not.toContain('You made a POST request')
      expect(text).not.toContain('did not provide')
    }
  })

  test('a malformed address is a 400 (JSON under the API)', async ({ request }) => {
    const api = await request.get('/api/v1/product/%ED%A0%80')
    expect(api.status()).toBe(400)
    expect(await api.json()).toEqual({ success: false, message: MESSAGES.malformedUrl })
    const page = await request.get('/dashboard/%E0%A4%A')
    expect(page.status()).toBe(400)
    expect(await page.text()).toContain(MESSAGES.malformedUrl)
  })
})

test.describe('headers and error references', () => {
  test('after log-out, Back does not show the signed-in profile', async ({ page, jsEnabled }) => {
    const user = await registerAndSignIn(page, 'pm', 'back')
    await page.goto('/userProfile')
    await ready(page, jsEnabled)
    await expect(page.getByLabel('Email')).toHaveValue(user.email)
    await sidebar(page).getByRole('button', { name: 'Log Out' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await page.goBack()
    await expect(page).toHaveURL(/\/login\?redirectTo=%2FuserProfile$/)
    await expect(page.getByText(user.email)).toHaveCount(0)
  })

  test('signed-in pages and JSON are no-store, with a Permissions-Policy and a request id', async ({
    page,
    request,
  }) => {
    httpCheck()
    const { pmm, product } = await apiProductOfNewPmm(request, 'headers')
    const signIn = await signInWith(page.request, pmm.email, pmm.password)
    const session = signIn.headersArray().find((h) => /^set-cookie$/i.test(h.name))!.value
    // HTTPS is on in production: the __Host- prefix (Secure, path /, no domain).
    expect(session).toMatch(/^__Host-session=/)
    expect(session).toMatch(/; Secure/i)
    expect(session).toMatch(/; Path=\//i)
    expect(session).not.toMatch(/Domain=/i)

    const pageResponse = await page.request.get('/dashboard')
    const json = await page.request.get('/api/v1/product/')
    expect(json.headers()['content-type']).toMatch(/^application\/json/)
    for (const r of [pageResponse, json]) {
      expect(r.status()).toBe(200)
      expect(r.headers()['cache-control']).toBe('no-store')
      expect(r.headers()['x-request-id']).toMatch(/^[0-9a-f]{8}$/)
      const policy = r.headers()['permissions-policy']
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) {
        expect(policy).toContain(feature)
      }
    }
    expect(pageResponse.headers()['x-request-id']).not.toBe(json.headers()['x-request-id'])

    // Pictures and built assets keep their long-lived caching.
    const picture = await page.request.get(product.image.thumb)
    expect(picture.headers()['cache-control']).toBe('private, max-age=31536000, immutable')
    const asset = await page.request.get(
      (await pageResponse.text()).match(/\/assets\/[\w.-]+\.js/)![0],
    )
    expect(asset.headers()['cache-control']).toContain('immutable')
    // A file carries what a file needs and no more (the page's 8 to 30 files each paid for the rest).
    for (const file of [picture, asset]) {
      expect(file.headers()['x-content-type-options']).toBe('nosniff')
      expect(file.headers()['cross-origin-resource-policy']).toBe('same-origin')
      expect(file.headers()['x-request-id']).toBeUndefined()
      expect(file.headers()['keep-alive']).toBeUndefined()
    }
  })

  test('an unexpected server error shows a reference that matches the X-Request-Id header', async ({
    page,
    request,
  }) => {
    httpCheck()
    const user = await apiRegister(request, 'pm', 'server-error')
    await signInWith(page.request, user.email, user.password)
    for (const via of ['page', 'api'] as const) {
      // A disk failure: a directory already stands where this new picture is to be written.
      const png = await uniquePng()
      const blocked = await blockPicturePath(png)
      try {
        const profileImg = { name: 'me.png', mimeType: 'image/png', buffer: png }
        const r =
          via === 'page'
            ? await page.request.post('/userProfile', { multipart: { profileImg } })
            : await request.put('/api/v1/user/', {
                headers: bearer(user.token),
                multipart: { profileImg },
              })
        expect(r.status()).toBe(500)
        const id = r.headers()['x-request-id']
        expect(id).toMatch(/^[0-9a-f]{8}$/)
        if (via === 'page') {
          const html = await r.text()
          expect(html).toContain(MESSAGES.serverError)
          expect(html).toContain(`Reference: <code>${id}</code>`)
          expect(html).not.toMatch(/EISDIR|at \w+ \(/)
        } else {
          expect(await r.json()).toEqual({
            success: false,
            message: `${MESSAGES.serverError} Reference: ${id}`,
          })
        }
      } finally {
        await fs.rm(blocked, { recursive: true, force: true })
      }
    }
  })
})

/** Posts `total` bytes with Transfer-Encoding: chunked, noting how much was sent when answered. */
function postChunked(url: URL, total: number) {
  return new Promise<{ status: number; body: string; sentBeforeAnswer: number }>(
    (resolve, reject) => {
      let sent = 0
      let answered = false
      const req = http.request(
        url,
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            'Transfer-Encoding': 'chunked',
            ...client('chunked'),
          },
        },
        (res) => {
          answered = true
          const sentBeforeAnswer = sent
          let body = ''
          res.setEncoding('utf8')
          res.on('data', (c: string) => (body += c))
          res.on('end', () => resolve({ status: res.statusCode!, body, sentBeforeAnswer }))
        },
      )
      // The server closes the connection once it has answered: later write errors are expected.
      req.on('error', (error) => {
        if (!answered) reject(error)
      })
      const chunk = Buffer.alloc(64 * 1024, 'a')
      const pump = () => {
        while (sent < total && !answered && !req.destroyed) {
          sent += chunk.length
          if (!req.write(chunk)) return void req.once('drain', pump)
        }
        if (!answered && !req.destroyed) req.end()
      }
      pump()
    },
  )
}

async function uniquePng() {
  const [r, g, b] = randomBytes(3)
  return sharp({ create: { width: 24, height: 24, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer()
}

/**
 * Makes the server fail to store this picture: the e2e server keeps its data under
 * e2e/.artifacts/data-<port> (playwright.config.ts), pictures by content hash.
 */
async function blockPicturePath(png: Buffer) {
  const id = createHash('sha256').update(png).digest('hex')
  const dataDir = path.join('e2e', '.artifacts', `data-${process.env.E2E_PORT ?? 3210}`)
  const target = path.join(dataDir, 'pictures', id.slice(0, 2), `${id}-original.png`)
  await fs.mkdir(target, { recursive: true })
  return target
}

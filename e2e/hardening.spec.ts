import { DEMO, expect, fillRegisterForm, newUser, ready, signInWith, test } from './utils'

const TOO_MANY_FIELDS = 'The form has too many fields. A form may send at most 1,000.'

/** HTTP-level checks need one browser project only. */
const onceOnly = () =>
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name === 'no-js', 'an HTTP-level check: the js project runs it')
  })

test.describe('no request can make the server work for seconds', () => {
  onceOnly()

  test('a sign-in of 150,000 tiny fields is a short 413 page; 200,000 multipart parts too', async ({
    request,
  }) => {
    const fields = Array.from({ length: 150_000 }, (_, i) => `${i.toString(36)}=1`).join('&')
    const form = await request.post('/login', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      data: fields,
    })
    expect(form.status()).toBe(413)
    const text = await form.text()
    expect(text).toContain(TOO_MANY_FIELDS)
    expect(text.length).toBeLessThan(1000)
    // Short names and boundary: 200,000 parts in 11 MB, under the 12 MB cap.
    const boundary = 'B0'
    const parts =
      Array.from(
        { length: 200_000 },
        (_, i) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${i.toString(36)}"\r\n\r\n1\r\n`,
      ).join('') + `--${boundary}--\r\n`
    const multipart = await request.post('/login', {
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      data: parts,
    })
    expect(multipart.status()).toBe(413)
    expect(await multipart.text()).toContain(TOO_MANY_FIELDS)
    const api = await request.post('/api/v1/user/login', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      data: fields,
    })
    expect(api.status()).toBe(413)
    expect(await api.json()).toEqual({ success: false, message: TOO_MANY_FIELDS })
  })

  test('a refused sign-in does not send back fields the form does not have', async ({
    request,
  }) => {
    const extra = Array.from({ length: 900 }, (_, i) => `madeUp${i}=1`).join('&')
    const r = await request.post('/login', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      data: `email=not-an-email&password=x&${extra}`,
    })
    expect(r.status()).toBe(400)
    const html = await r.text()
    expect(html).toContain('Email must be valid email.')
    expect(html).toContain('not-an-email')
    expect(html).not.toContain('madeUp')
  })

  test('TRACE and PROPFIND are a 405 with Allow: a short page, JSON under the API', async ({
    request,
  }) => {
    for (const method of ['TRACE', 'PROPFIND']) {
      const page = await request.fetch('/login', { method })
      expect(page.status()).toBe(405)
      expect(page.headers()['allow']).toBe('GET, HEAD, POST')
      expect(await page.text()).toContain('This page does not accept that kind of request.')
      const api = await request.fetch('/api/v1/order', { method })
      expect(api.status()).toBe(405)
      expect(api.headers()['allow']).toBe('GET, HEAD, POST, PUT, PATCH, DELETE')
      expect(await api.json()).toEqual({
        success: false,
        message: 'This method is not allowed here.',
      })
    }
  })
})

test('a report date that is no day is named on the page, and its files are a 400', async ({
  page,
}) => {
  await signInWith(page.request, DEMO.pmm)
  for (const [query, message] of [
    ['from=abc', 'Invalid from: please send a date as YYYY-MM-DD.'],
    [
      'from=9999-12-31&to=9999-12-31',
      'Invalid from: please send a date from 2000-01-01 to 2099-12-31.',
    ],
  ]) {
    await page.goto(`/orderReport?${query}`)
    await expect(page.getByRole('status').filter({ hasText: message })).toBeVisible()
    const file = await page.request.get(`/orderReport/export.csv?${query}`)
    expect(file.status()).toBe(400)
    expect(await file.text()).toBe(message)
  }
})

test('invisible characters are removed from a name; Urdu and Vietnamese names stay as typed', async ({
  page,
  jsEnabled,
}) => {
  for (const [typed, stored] of [
    ['Nguyễn\u200b Thị\u2060 Hồng\u3164', 'Nguyễn Thị Hồng'],
    ['عبد\u200cالله\u00ad خان', 'عبد\u200cالله خان'],
  ]) {
    await page.context().clearCookies()
    await page.goto('/register')
    await ready(page, jsEnabled)
    await fillRegisterForm(page, { ...newUser('pm', 'e2e-invisible'), name: typed })
    await page.getByRole('button', { name: 'Register' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await page.goto('/userProfile')
    await ready(page, jsEnabled)
    const heading = page.getByRole('heading', { level: 1 })
    await expect(heading).toHaveText(stored)
    // Exactly these characters: no invisible one left, the Urdu joiner kept.
    expect(await heading.textContent()).toBe(stored)
  }
})

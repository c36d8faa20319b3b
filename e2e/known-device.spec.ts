import { expect, expectToast, signIn, test, uniqueEmail } from './utils'

const CLIENT_THROTTLED =
  'Too many failed sign-in attempts from your network. Please wait 15 minutes and try again.'

test('behind an office address past its failure limit, a browser that signed in before still signs in', async ({
  page,
  browser,
  request,
  insertNewUser,
  jsEnabled,
  extraHTTPHeaders,
  baseURL,
}) => {
  const user = await insertNewUser()
  // The user signed in on this browser once, then the session ended.
  await signIn(page, user.email, jsEnabled, user.password)
  await expect(page).toHaveURL(/\/dashboard$/)
  const cookies = await page.context().cookies()
  // Over HTTPS or in production: __Host- prefixed, HttpOnly, SameSite=Lax.
  expect(cookies.find((c) => /^(__Host-)?(__)?device$/.test(c.name))).toMatchObject({
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
  })
  await page.context().clearCookies({ name: /session/ })

  // Colleagues behind the same address (the test's X-Forwarded-For) fail thirty times.
  const failures = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      request.post('/api/v1/user/login', {
        data: { email: uniqueEmail(`office${i % 3}`), password: 'wrong-password' },
      }),
    ),
  )
  expect(failures.map((r) => r.status())).toEqual(Array(30).fill(401))

  // Another browser in that office, never signed in: refused with the network message.
  const other = await browser.newContext({
    baseURL,
    extraHTTPHeaders,
    javaScriptEnabled: jsEnabled,
  })
  try {
    const otherPage = await other.newPage()
    await signIn(otherPage, user.email, jsEnabled, user.password)
    await expectToast(otherPage, CLIENT_THROTTLED, 'error')
    await expect(otherPage).toHaveURL(/\/login$/)
  } finally {
    await other.close()
  }

  // The known browser: the right password signs in.
  await signIn(page, user.email, jsEnabled, user.password)
  await expect(page).toHaveURL(/\/dashboard$/)
})

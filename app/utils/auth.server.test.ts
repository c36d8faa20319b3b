import { describe, expect, test } from 'vitest'
import { action as loginAction, loader as loginLoader } from '~/routes/_auth+/login'
import { action as registerAction, loader as registerLoader } from '~/routes/_auth+/register'
import { action as logoutAction } from '~/routes/logout'
import { loader as dashboardLoader } from '~/routes/_app+/dashboard'
import { loader as adminDashboardLoader } from '~/routes/_app+/admin.dashboard'
import { loader as userProfileLoader } from '~/routes/_app+/userProfile'
import { loader as adminProfileLoader } from '~/routes/_app+/user.profile'
import { loader as appLayoutLoader } from '~/routes/_app+/_layout'
import { action as notFoundAction, loader as notFoundLoader } from '~/routes/$'
import { createSession, deleteUserSessions } from '~/models/session.server'
import { getUser } from '~/utils/auth.server'
import { REQUEST_KEY_HEADER } from '~/utils/request.server'
import { sessionCookie } from '../../tests/api'
import { makeUser, DEMO_PASSWORD } from '../../server/factories'
import { pageSignIn } from '../../tests/sign-in'
import { db } from '../../db/client'
import { users } from '../../db/schema'
import { eq } from 'drizzle-orm'
import {
  call,
  cookieFrom,
  flashedToast,
  fieldErrors,
  formRequest,
  getRequest,
} from '../../tests/route'

async function signedInCookie(email: string, password = DEMO_PASSWORD) {
  const result = await pageSignIn(email, password)
  expect(result.status).toBe(302)
  return cookieFrom(result)
}

describe('sign in', () => {
  test('a pm lands on /dashboard, an admin on /admin/dashboard', async () => {
    const pm = await makeUser({ role: 'pm' })
    const admin = await makeUser({ role: 'admin' })
    const a = await pageSignIn(pm.email)
    expect(a.location).toBe('/dashboard')
    const b = await pageSignIn(admin.email.toUpperCase())
    expect(b.location).toBe('/admin/dashboard')
  })

  test('goes back to the protected page it was sent from, but never off-site', async () => {
    const pm = await makeUser()
    const back = await call(
      loginAction,
      formRequest('/login', {
        email: pm.email,
        password: DEMO_PASSWORD,
        redirectTo: '/userProfile?x=1',
      }),
    )
    expect(back.location).toBe('/userProfile?x=1')
    const evil = await call(
      loginAction,
      formRequest('/login', {
        email: pm.email,
        password: DEMO_PASSWORD,
        redirectTo: '//evil.example/',
      }),
    )
    expect(evil.location).toBe('/dashboard')
  })

  test('the session cookie is HttpOnly and SameSite=Lax, and a new session id is made at each sign-in', async () => {
    const pm = await makeUser()
    const first = await pageSignIn(pm.email)
    const second = await pageSignIn(pm.email)
    const header = first.headers.getSetCookie().find((c) => c.startsWith('__session='))!
    expect(header).toMatch(/HttpOnly/i)
    expect(header).toMatch(/SameSite=Lax/i)
    expect(cookieFrom(first)).not.toBe(cookieFrom(second))
  })

  test('unknown email and wrong password get the same 401 and the spec toast', async () => {
    const pm = await makeUser()
    const wrong = await pageSignIn(pm.email, 'wrong-pass')
    const unknown = await pageSignIn('nobody@example.test', 'wrong-pass')
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(401)
      expect((await flashedToast(r))?.message).toBe(
        'Incorrect username or password. Please try again.',
      )
      expect((await flashedToast(r))?.type).toBe('error')
    }
  })

  test('validation errors come back with the spec messages and status 400', async () => {
    const r = await pageSignIn('nope', '123')
    expect(r.status).toBe(400)
    expect(fieldErrors(r).email).toEqual(['Email must be valid email.'])
    expect(fieldErrors(r).password?.[0]).toBe('Password should be 6 character long.')
  })

  test('ten failures within 15 minutes lock the email with 429, even with the right password', async () => {
    const pm = await makeUser()
    for (let i = 0; i < 10; i++) {
      const r = await pageSignIn(pm.email, 'wrong-pass')
      expect(r.status).toBe(401)
    }
    const locked = await pageSignIn(pm.email)
    expect(locked.status).toBe(429)
    expect((await flashedToast(locked))?.message).toBe(
      'Too many failed sign-in attempts for this email. Please wait 15 minutes and try again.',
    )
    // Another email is not affected.
    const other = await makeUser()
    expect((await pageSignIn(other.email)).status).toBe(302)
  })

  test('nine failures then the right password signs in and clears the count', async () => {
    const pm = await makeUser()
    const attempt = (password: string) => pageSignIn(pm.email, password)
    // Twice: the success clears the count, so nine more failures still leave the account open.
    for (const round of [1, 2]) {
      for (let i = 0; i < 9; i++) await attempt('wrong-pass')
      expect((await attempt(DEMO_PASSWORD)).status, `round ${round}`).toBe(302)
    }
  })

  test('a disabled or deleted user cannot sign in and is told why', async () => {
    const disabled = await makeUser({ role: 'pmm' })
    db.update(users).set({ isEnable: false }).where(eq(users.id, disabled.id)).run()
    const r = await pageSignIn(disabled.email)
    expect(r.status).toBe(403)
    expect((await flashedToast(r))?.message).toBe('Your account is disabled.')

    const deleted = await makeUser()
    db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id)).run()
    const d = await pageSignIn(deleted.email)
    expect(d.status).toBe(403)
    expect((await flashedToast(d))?.message).toBe('This account has been deleted.')
  })

  test('disabling a user ends their live session at once', async () => {
    const pm = await makeUser()
    const cookie = await signedInCookie(pm.email)
    expect((await call(dashboardLoader, getRequest('/dashboard', { cookie }))).status).toBe(200)
    db.update(users).set({ isEnable: false }).where(eq(users.id, pm.id)).run()
    const after = await call(dashboardLoader, getRequest('/dashboard', { cookie }))
    expect(after.location).toBe('/login?redirectTo=%2Fdashboard')
  })
})

describe('register', () => {
  const fields = (email: string, role = 'pm') => ({
    name: 'Sana Javed',
    email,
    password: 'secret12',
    cnic: '3520212345671',
    address: '5 Canal View',
    role,
    city: 'Lahore',
    country: 'Pakistan',
    phone: '03001234567',
  })

  test('creates an enabled user, signs them in and flashes the success toast', async () => {
    const r = await call(
      registerAction,
      formRequest('/register', fields('sana@example.test', 'pmm')),
    )
    expect(r.status).toBe(302)
    expect(r.location).toBe('/dashboard')
    const cookie = cookieFrom(r)
    expect(cookie).toContain('__toast=')
    const dash = await call(dashboardLoader, getRequest('/dashboard', { cookie }))
    expect(dash.data.title).toBe('PMM Dashboard')
  })

  test('a duplicate email (any case) is a field error, and nothing is lost', async () => {
    await call(registerAction, formRequest('/register', fields('dup@example.test')))
    const r = await call(registerAction, formRequest('/register', fields('DUP@example.test')))
    expect(r.status).toBe(409)
    expect(fieldErrors(r).email).toEqual(['This email is already registered.'])
    expect(r.data.result.initialValue.name).toBe('Sana Javed')
  })

  test('cannot register as admin', async () => {
    const r = await call(
      registerAction,
      formRequest('/register', fields('boss@example.test', 'admin')),
    )
    expect(r.status).toBe(400)
    expect(fieldErrors(r).role).toEqual(['Please enter account name.'])
  })
})

describe('guards', () => {
  test('a visitor is sent to /login with the page to come back to', async () => {
    for (const loader of [dashboardLoader, userProfileLoader, appLayoutLoader]) {
      const r = await call(loader, getRequest('/dashboard?tab=1'))
      expect(r.location).toBe('/login?redirectTo=%2Fdashboard%3Ftab%3D1')
    }
  })

  test('a signed-in user opening a public route goes to their dashboard', async () => {
    const pm = await makeUser({ role: 'pm' })
    const admin = await makeUser({ role: 'admin' })
    const pmCookie = await signedInCookie(pm.email)
    const adminCookie = await signedInCookie(admin.email)
    for (const loader of [loginLoader, registerLoader]) {
      expect((await call(loader, getRequest('/login', { cookie: pmCookie }))).location).toBe(
        '/dashboard',
      )
      expect((await call(loader, getRequest('/login', { cookie: adminCookie }))).location).toBe(
        '/admin/dashboard',
      )
    }
    const post = await pageSignIn(pm.email, DEMO_PASSWORD, { cookie: pmCookie })
    expect(post.location).toBe('/dashboard')
  })

  test.each(['pm', 'pmm'] as const)(
    'a %s opening an admin route is sent to /login',
    async (role) => {
      const user = await makeUser({ role })
      const cookie = await signedInCookie(user.email)
      for (const loader of [adminDashboardLoader, adminProfileLoader]) {
        const r = await call(loader, getRequest('/admin/dashboard', { cookie }))
        expect(r.status).toBe(302)
        expect(r.location).toBe('/login')
      }
    },
  )

  test('an admin may open admin routes; /dashboard and /userProfile send them to their own pages', async () => {
    const admin = await makeUser({ role: 'admin' })
    const cookie = await signedInCookie(admin.email)
    const dash = await call(adminDashboardLoader, getRequest('/admin/dashboard', { cookie }))
    expect(dash.status).toBe(200)
    expect(Object.keys(dash.data)).toEqual([
      'users',
      'markets',
      'products',
      'orders',
      'backup',
      'chart',
    ])
    expect(
      (await call(adminProfileLoader, getRequest('/user/profile', { cookie }))).data.profile
        .roleLabel,
    ).toBe('Admin')
    expect((await call(dashboardLoader, getRequest('/dashboard', { cookie }))).location).toBe(
      '/admin/dashboard',
    )
    expect((await call(userProfileLoader, getRequest('/userProfile', { cookie }))).location).toBe(
      '/user/profile',
    )
  })

  test('the profile role label is Manager for pmm and Marketer for pm', async () => {
    for (const [role, label] of [
      ['pmm', 'Manager'],
      ['pm', 'Marketer'],
    ] as const) {
      const user = await makeUser({ role })
      const cookie = await signedInCookie(user.email)
      const r = await call(userProfileLoader, getRequest('/userProfile', { cookie }))
      expect(r.data.profile.roleLabel).toBe(label)
      expect(r.data.profile.avatarUrl).toBe('/default-avatar.svg')
    }
  })

  test('unknown paths are 404 for GET and POST', async () => {
    expect((await call(notFoundLoader, getRequest('/nope'))).status).toBe(404)
    expect((await call(notFoundAction, formRequest('/nope', {}))).status).toBe(404)
  })
})

describe('log out', () => {
  test('ends the session, flashes the info toast and returns to /login', async () => {
    const pm = await makeUser()
    const cookie = await signedInCookie(pm.email)
    const r = await call(logoutAction, formRequest('/logout', {}, cookie))
    expect(r.location).toBe('/login')
    expect(cookieFrom(r)).toContain('__toast=')
    // The old cookie no longer works, even if a client kept it.
    const after = await call(dashboardLoader, getRequest('/dashboard', { cookie }))
    expect(after.location).toMatch(/^\/login/)
  })

  test("deleting all of a user's sessions signs them out everywhere", async () => {
    const pm = await makeUser()
    const cookie = await signedInCookie(pm.email)
    deleteUserSessions(pm.id)
    expect((await call(dashboardLoader, getRequest('/dashboard', { cookie }))).location).toMatch(
      /^\/login/,
    )
  })
})

describe('one user lookup per request', () => {
  // The number the server gives each request (server/security.ts), as each loader's copy has it.
  const numbered = (request: Request, number: string) => {
    request.headers.set(REQUEST_KEY_HEADER, number)
    return request
  }

  test("a request number sent with another user's credentials finds that user, never the first", async () => {
    const pm = await makeUser({ role: 'pm' })
    const pmm = await makeUser({ role: 'pmm' })
    const [pmCookie, pmmCookie] = [await sessionCookie(pm.id), await sessionCookie(pmm.id)]
    const number = `${Date.now()}`
    const get = (init: { cookie?: string; token?: string }) =>
      getUser(numbered(getRequest('/dashboard', init), number))
    expect((await get({ cookie: pmCookie }))?.id).toBe(pm.id)
    expect((await get({ cookie: pmmCookie }))?.id).toBe(pmm.id)
    expect(await get({})).toBeNull()
    expect((await get({ token: createSession(pmm.id).token }))?.id).toBe(pmm.id)
  })

  test('the next request sees a session ended; so does a form post after the one that ended it', async () => {
    const pm = await makeUser({ role: 'pm' })
    const cookie = await sessionCookie(pm.id)
    const number = `${Date.now()}`
    const post = () => getUser(numbered(formRequest('/dashboard', {}, cookie), `${number}p`))
    expect((await getUser(numbered(getRequest('/dashboard', { cookie }), number)))?.id).toBe(pm.id)
    expect((await post())?.id).toBe(pm.id)
    deleteUserSessions(pm.id)
    expect(await getUser(numbered(getRequest('/dashboard', { cookie }), `${number}n`))).toBeNull()
    expect(await post()).toBeNull()
  })
})

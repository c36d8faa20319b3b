import { describe, expect, test } from 'vitest'
import { loader as loginGet } from './user.login'
import { action as registerApi } from './user.register'
import { action as unknownApi, loader as unknownGet } from './$'
import { action as profileApi } from './user._index'
import { getUser } from '~/utils/auth.server'
import { CLIENT_ADDRESS_HEADER } from '~/utils/request.server'
import { REGISTRATION_LIMIT, REGISTRATION_THROTTLED_MESSAGE } from '~/models/user.server'
import { loader as adminProductsApi } from './product.admin._index'
import { loader as dashboardLoader } from '~/routes/_app+/dashboard'
import { action as logoutAction } from '~/routes/logout'
import { makePictureBytes, makeUser } from '../../../../server/factories'
import { call, getRequest, jsonRequest } from '../../../../tests/route'
import { apiSignIn } from '../../../../tests/sign-in'

const registration = (email: string) => ({
  name: 'Ngô Bảo Châu',
  email,
  password: 'secret12',
  cnic: '3520212345671',
  address: '1 Tràng Tiền',
  role: 'pmm',
  city: 'Hà Nội',
  country: 'Vietnam',
  phone: '+84 24 1234 5678',
})

describe('POST /api/v1/user/register', () => {
  test(`at most ${REGISTRATION_LIMIT} registrations an hour from one address; others are not held back`, async () => {
    const from = (client: string, email: string) => {
      const request = jsonRequest('/api/v1/user/register', registration(email))
      request.headers.set(CLIENT_ADDRESS_HEADER, client)
      return call(registerApi, request)
    }
    const client = `203.0.113.${Date.now() % 200}`
    const answers = await Promise.all(
      Array.from({ length: REGISTRATION_LIMIT + 5 }, (_, i) =>
        from(client, `flood${i}@example.test`),
      ),
    )
    expect(answers.filter((r) => r.status === 201)).toHaveLength(REGISTRATION_LIMIT)
    const refused = answers.filter((r) => r.status !== 201)
    expect(refused).toHaveLength(5)
    for (const r of refused) {
      expect(r.status).toBe(429)
      expect(r.data).toEqual({ success: false, message: REGISTRATION_THROTTLED_MESSAGE })
    }
    expect(REGISTRATION_THROTTLED_MESSAGE).toBe(
      'Too many accounts were registered from your network. Please wait an hour and try again.',
    )
    expect((await from('198.51.100.7', 'other-office@example.test')).status).toBe(201)
  })

  test('returns { message, user, token } with 201 and never the password', async () => {
    const r = await call(
      registerApi,
      jsonRequest('/api/v1/user/register', registration('chau@example.test')),
    )
    expect(r.status).toBe(201)
    expect(r.data.message).toBe('User registered successfully')
    expect(r.data.token).toMatch(/^[\w-]{40,}$/)
    expect(r.data.user).toMatchObject({
      name: 'Ngô Bảo Châu',
      email: 'chau@example.test',
      role: 'pmm',
      isEnable: true,
      profile: '/default-avatar.svg',
    })
    expect(typeof r.data.user.count).toBe('number')
    expect(JSON.stringify(r.data)).not.toMatch(/password|scrypt/i)
  })

  test('validation errors: first message plus all by field, status 400', async () => {
    const r = await call(
      registerApi,
      jsonRequest('/api/v1/user/register', {
        ...registration('x@example.test'),
        cnic: '123',
        phone: '',
      }),
    )
    expect(r.status).toBe(400)
    expect(r.data.success).toBe(false)
    expect(r.data.message).toBe('Enter CNIC without dashes.')
    expect(r.data.errors.phone).toEqual(['Please enter phone name.'])
  })

  test('duplicate email is 409', async () => {
    await call(
      registerApi,
      jsonRequest('/api/v1/user/register', registration('twice@example.test')),
    )
    const r = await call(
      registerApi,
      jsonRequest('/api/v1/user/register', registration('Twice@example.test')),
    )
    expect(r.status).toBe(409)
    expect(r.data).toEqual({ success: false, message: 'This email is already registered.' })
  })

  test('malformed JSON is a 400 with a clear message', async () => {
    const r = await call(registerApi, jsonRequest('/api/v1/user/register', '{"name":'))
    expect(r.status).toBe(400)
    expect(r.data).toEqual({ success: false, message: 'The request body must be a JSON object.' })
    const arr = await call(registerApi, jsonRequest('/api/v1/user/register', '[1,2]'))
    expect(arr.status).toBe(400)
  })

  test('wrong types are refused with the field message, not a crash', async () => {
    const r = await call(
      registerApi,
      jsonRequest('/api/v1/user/register', { ...registration('t@example.test'), name: 42 }),
    )
    expect(r.status).toBe(400)
    expect(r.data.message).toBe('Please enter your full name.')
  })
})

describe('POST /api/v1/user/login', () => {
  test('returns a bearer token that authenticates like the cookie', async () => {
    const pm = await makeUser({ role: 'pm' })
    const r = await apiSignIn(pm.email)
    expect(r.status).toBe(200)
    expect(r.data.user.email).toBe(pm.email)
    const token = r.data.token as string
    const user = await getUser(getRequest('/', { token }))
    expect(user?.id).toBe(pm.id)
    const dash = await call(dashboardLoader, getRequest('/dashboard', { token }))
    expect(dash.data.title).toBe('PM Dashboard')
  })

  test('bad credentials: 401 with the same message for unknown email and wrong password', async () => {
    const pm = await makeUser()
    const a = await apiSignIn(pm.email, 'wrong-pass')
    const b = await apiSignIn('ghost@example.test', 'wrong-pass')
    expect(a.status).toBe(401)
    expect(b.status).toBe(401)
    expect(a.data).toEqual({
      success: false,
      message: 'Incorrect username or password. Please try again.',
    })
    expect(b.data).toEqual(a.data)
  })

  test('validation: 400 with the spec message', async () => {
    const r = await apiSignIn('', '')
    expect(r.status).toBe(400)
    expect(r.data.message).toBe('Please enter your email.')
  })

  test('the page and the API share the 429 lock', async () => {
    const pm = await makeUser()
    for (let i = 0; i < 10; i++) {
      await apiSignIn(pm.email, 'wrong-pass')
    }
    const r = await apiSignIn(pm.email)
    expect(r.status).toBe(429)
    expect(r.data.success).toBe(false)
  })

  test('GET is 405 JSON', async () => {
    const r = await call(loginGet, getRequest('/api/v1/user/login'))
    expect(r.status).toBe(405)
    expect(r.data.success).toBe(false)
  })

  test('logging out with the token revokes it', async () => {
    const pm = await makeUser()
    const { data } = await apiSignIn(pm.email)
    await call(logoutAction, jsonRequest('/logout', {}, { token: data.token }))
    expect(await getUser(getRequest('/', { token: data.token }))).toBeNull()
  })
})

describe('API authentication (every declared endpoint)', () => {
  test('no token: 401 JSON; wrong role: 403 JSON; garbage token: 401', async () => {
    const noToken = await call(adminProductsApi, getRequest('/api/v1/product/admin'))
    expect(noToken.status).toBe(401)
    expect(noToken.data).toEqual({ success: false, message: 'Please sign in first.' })
    const garbage = await call(
      adminProductsApi,
      getRequest('/api/v1/product/admin', { token: 'abc' }),
    )
    expect(garbage.status).toBe(401)
    const pm = await makeUser()
    const { data } = await apiSignIn(pm.email)
    const wrongRole = await call(
      adminProductsApi,
      getRequest('/api/v1/product/admin', { token: data.token }),
    )
    expect(wrongRole.status).toBe(403)
  })

  test('unknown API paths answer JSON 404', async () => {
    for (const fn of [unknownGet, unknownApi]) {
      const r = await call(fn, getRequest('/api/v1/nope'))
      expect(r.status).toBe(404)
      expect(r.data).toEqual({ success: false, message: 'No such API endpoint.' })
    }
  })
})

describe('PUT /api/v1/user/ (profile picture)', () => {
  const put = (token: string | undefined, form: FormData) =>
    new Request('http://localhost/api/v1/user/', {
      method: 'PUT',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      body: form,
    })

  test('a real picture becomes the profile picture; a fake one is a 400 and changes nothing', async () => {
    const pm = await makeUser()
    const { data } = await apiSignIn(pm.email)
    const good = new FormData()
    good.set('profileImg', new File([new Uint8Array(await makePictureBytes(60, 80))], 'me.png'))
    const ok = await call(profileApi, put(data.token, good))
    expect(ok.status).toBe(200)
    expect(ok.data.message).toBe('Picture successfully updated.')
    expect(ok.data.user.profile).toMatch(/^\/resources\/pictures\/[0-9a-f]{64}\/medium$/)

    const bad = new FormData()
    bad.set('profileImg', new File(['nope'], 'me.png', { type: 'image/png' }))
    const refused = await call(profileApi, put(data.token, bad))
    expect(refused.status).toBe(400)
    expect(refused.data).toEqual({
      success: false,
      message: 'This file is not a picture. Please choose a JPEG, PNG, WebP, GIF or AVIF image.',
    })
    expect((await call(profileApi, put(undefined, good))).status).toBe(401)
  })
})

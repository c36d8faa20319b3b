/**
 * The contract: every declared endpoint is called for real, at least once with success and once
 * with a refusal, and each answer is validated against the OpenAPI document served at
 * /api/v1/openapi.json. An endpoint, status or field the document does not describe fails here.
 */
import Ajv2020 from 'ajv/dist/2020'
import { afterAll, describe, expect, test } from 'vitest'
import { DEMO_PASSWORD, makePictureBytes, makeProduct, makeUser } from '../../server/factories'
import { loader as openApiRoute } from '~/routes/api+/v1+/openapi[.]json'
import { makeRefs, userWithToken } from '../../tests/api'
import { declaredEndpoints } from './endpoint.server'
import { openApiDocument } from './openapi.server'

type Doc = {
  openapi: string
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>
  >
}
const doc = openApiDocument() as Doc
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true })
const seen = new Map<string, Set<string>>() // "METHOD path" -> statuses

type Call = {
  method: string
  path: string
  params?: Record<string, string>
  query?: string
  token?: string
  json?: unknown
  form?: FormData
}

/** Calls a declared endpoint, validates the answer against the document and returns it. */
async function call(c: Call) {
  const entry = declaredEndpoints().find(
    (e) => e.spec.method === c.method && e.spec.path === c.path,
  )
  expect(entry, `${c.method} ${c.path} is declared`).toBeDefined()
  const url = `http://localhost/api/v1${c.path.replace(/\{(\w+)\}/g, (_, k) => c.params?.[k] ?? '')}${c.query ?? ''}`
  const headers = new Headers()
  if (c.token) headers.set('Authorization', `Bearer ${c.token}`)
  let body: BodyInit | undefined
  if (c.json !== undefined) {
    headers.set('Content-Type', 'application/json')
    body = JSON.stringify(c.json)
  } else if (c.form) body = c.form
  const request = new Request(url, { method: c.method, headers, body })
  const response = await entry!.handle({ request, params: c.params ?? {}, context: {} })
  const data = await response.json()
  const operation = doc.paths[c.path]?.[c.method.toLowerCase()]
  const documented = operation?.responses[String(response.status)]
  expect(documented, `${c.method} ${c.path} documents status ${response.status}`).toBeDefined()
  const schema = documented!.content!['application/json'].schema
  const validate = ajv.compile(schema)
  expect(validate(data), JSON.stringify(validate.errors)).toBe(true)
  const key = `${c.method} ${c.path}`
  seen.set(key, (seen.get(key) ?? new Set()).add(String(response.status)))
  return { status: response.status, data }
}

async function world() {
  const refs = makeRefs()
  const owner = await userWithToken('pmm')
  const pm = await userWithToken('pm')
  const admin = await userWithToken('admin')
  const product = await makeProduct(owner.user, refs, { limitPerDay: 5, limit: 50 })
  return { refs, owner, pm, admin, product }
}

describe('the OpenAPI document', () => {
  test('is served as JSON, OpenAPI 3.1, with the bearer scheme and every endpoint', async () => {
    const served = await (openApiRoute as () => Response)().json()
    expect(served.openapi).toBe('3.1.0')
    expect(served.components.securitySchemes.bearer).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    })
    for (const { spec } of declaredEndpoints()) {
      expect(served.paths[spec.path]?.[spec.method.toLowerCase()], spec.path).toBeDefined()
    }
    expect(declaredEndpoints().length).toBeGreaterThanOrEqual(20)
  })
})

describe('every endpoint answers as documented', () => {
  test('lookups', async () => {
    const { pm } = await world()
    for (const path of ['/cat/', '/market/', '/chinese/seller/', '/status/']) {
      expect((await call({ method: 'GET', path, token: pm.token })).status).toBe(200)
      expect((await call({ method: 'GET', path })).status).toBe(401)
    }
  })

  test('products: lists, one, enable and disable', async () => {
    const w = await world()
    const pId = String(w.product.pId)
    for (const path of ['/product/', '/product/enabled/']) {
      expect((await call({ method: 'GET', path, token: w.pm.token })).status).toBe(200)
      const bad = await call({ method: 'GET', path, token: w.pm.token, query: '?market=x' })
      expect(bad.status).toBe(400)
    }
    const disabled = { method: 'GET', path: '/product/disabled/' }
    expect((await call({ ...disabled, token: w.owner.token })).status).toBe(200)
    expect((await call({ ...disabled, token: w.pm.token })).status).toBe(404)
    const admin = { method: 'GET', path: '/product/admin' }
    expect((await call({ ...admin, token: w.admin.token, query: '?status=disabled' })).status).toBe(
      200,
    )
    const narrowed = await call({
      ...admin,
      token: w.admin.token,
      query: `?market=${w.refs.marketId}&productId=${pId}`,
    })
    expect(narrowed.data.data.map((p: { pId: number }) => p.pId)).toEqual([w.product.pId])
    expect((await call({ ...admin, token: w.pm.token })).status).toBe(403)
    const one = { method: 'GET', path: '/product/{pId}' }
    expect((await call({ ...one, params: { pId }, token: w.pm.token })).status).toBe(200)
    expect((await call({ ...one, params: { pId: '999999' }, token: w.pm.token })).status).toBe(404)
    expect((await call({ ...one, params: { pId: 'abc' }, token: w.pm.token })).status).toBe(400)
    for (const path of ['/product/disable/{pId}', '/product/enable/{pId}']) {
      expect(
        (await call({ method: 'PUT', path, params: { pId }, token: w.owner.token })).status,
      ).toBe(200)
      expect((await call({ method: 'PUT', path, params: { pId }, token: w.pm.token })).status).toBe(
        404,
      )
    }
    for (const path of ['/product/admin/disable/{pId}', '/product/admin/enable/{pId}']) {
      expect(
        (await call({ method: 'PUT', path, params: { pId }, token: w.admin.token })).status,
      ).toBe(200)
      expect(
        (await call({ method: 'PUT', path, params: { pId }, token: w.owner.token })).status,
      ).toBe(403)
    }
  })

  test('products: add', async () => {
    const w = await world()
    const form = new FormData()
    const fields = {
      keywords: 'desk lamp',
      brandName: 'Light 光',
      soldBy: 'Lamp Store',
      market: String(w.refs.marketId),
      chineseSeller: String(w.refs.chineseSellerId),
      categoryId: String(w.refs.categoryId),
      commission: '5',
      websiteCommission: '1',
      limitPerDay: '2',
      limit: '9',
      instruction: 'Search by keywords.',
      refundPolicy: 'After review.',
      commissionPolicy: 'After review.',
    }
    for (const [k, v] of Object.entries(fields)) form.set(k, v)
    form.set('image', new File([new Uint8Array(await makePictureBytes(31))], 'a.png'))
    form.set('screenShot', new File([new Uint8Array(await makePictureBytes(32))], 'b.png'))
    const add = { method: 'POST', path: '/product/' }
    expect((await call({ ...add, token: w.owner.token, form })).status).toBe(201)
    expect((await call({ ...add, token: w.pm.token, form })).status).toBe(403)
    form.set('limitPerDay', 'lots')
    const invalid = await call({ ...add, token: w.owner.token, form })
    expect(invalid.status).toBe(400)
    expect(invalid.data.errors.limitPerDay).toBeDefined()
  })

  test('reservations', async () => {
    const w = await world()
    const pId = String(w.product.pId)
    const reserve = { method: 'POST', path: '/reserve/{pId}', params: { pId } }
    expect((await call({ ...reserve, token: w.pm.token })).status).toBe(201)
    expect((await call({ ...reserve, token: w.pm.token })).status).toBe(409)
    expect((await call({ ...reserve, token: w.owner.token })).status).toBe(403)
    const list = { method: 'GET', path: '/reserve/' }
    const listed = await call({ ...list, token: w.pm.token })
    expect(listed.status).toBe(200)
    expect(listed.data.data).toHaveLength(1)
    expect((await call({ ...list, token: w.pm.token, query: '?searchByID=1' })).status).toBe(400)
    const release = { method: 'DELETE', path: '/reserve/{pId}', params: { pId } }
    expect((await call({ ...release, token: w.pm.token })).status).toBe(200)
    expect((await call({ ...release, token: w.pm.token })).status).toBe(404)
  })

  test('orders', async () => {
    const w = await world()
    const pngFile = async (seed: number) =>
      new File([new Uint8Array(await makePictureBytes(seed, 48))], 'o.png', { type: 'image/png' })
    const orderNumber = `C-${Date.now()}`
    const newOrder = async () => {
      const form = new FormData()
      form.set('orderNumber', orderNumber)
      form.set('market', String(w.refs.marketId))
      form.set('pId', String(w.product.pId))
      form.set('paypal', 'buyer@example.test')
      form.set('orderScreenshot', await pngFile(61))
      return form
    }
    const create = { method: 'POST', path: '/order/' }
    // No reservation yet: refused, then reserved and recorded.
    expect((await call({ ...create, token: w.pm.token, form: await newOrder() })).status).toBe(409)
    expect((await call({ ...create, token: w.owner.token, form: await newOrder() })).status).toBe(
      403,
    )
    await call({
      method: 'POST',
      path: '/reserve/{pId}',
      params: { pId: String(w.product.pId) },
      token: w.pm.token,
    })
    expect((await call({ ...create, token: w.pm.token, form: await newOrder() })).status).toBe(201)

    const list = { method: 'GET', path: '/order/' }
    const listed = await call({ ...list, token: w.pm.token, query: `?orderNumber=${orderNumber}` })
    expect(listed.data.data.data).toHaveLength(1)
    const orderId = String(listed.data.data.data[0].orderId)
    expect((await call({ ...list, token: w.pm.token, query: '?searchById=12' })).status).toBe(400)

    const one = { method: 'GET', path: '/order/{orderId}', params: { orderId } }
    expect((await call({ ...one, token: w.owner.token })).data.data[0].orderNumber).toBe(
      orderNumber,
    )
    const stranger = await userWithToken('pm')
    expect((await call({ ...one, token: stranger.token })).status).toBe(404)

    const status = { method: 'PATCH', path: '/order/status' }
    const to = (statusModel: string) => ({ values: { statusModel, ordernumber: orderNumber } })
    expect((await call({ ...status, token: w.pm.token, json: to('commission') })).status).toBe(403)
    expect((await call({ ...status, token: w.owner.token, json: to('commission') })).status).toBe(
      200,
    )
    // Issue 30: the bulk status change and its Undo.
    const bulk = { method: 'PATCH', path: '/order/bulk/status' }
    const bulkTo = (statusModel: string) => ({
      values: { statusModel, ordernumbers: [orderNumber] },
    })
    expect((await call({ ...bulk, token: w.pm.token, json: bulkTo('ordered') })).status).toBe(403)
    const bulked = await call({ ...bulk, token: w.owner.token, json: bulkTo('delivered') })
    expect(bulked.status).toBe(200)
    const undo = { method: 'POST', path: '/order/bulk/undo' }
    const batch = (id: number) => ({ values: { batch: id } })
    expect(
      (await call({ ...undo, token: w.pm.token, json: batch(bulked.data.data.batch) })).status,
    ).toBe(403)
    expect(
      (await call({ ...undo, token: w.owner.token, json: batch(bulked.data.data.batch) })).status,
    ).toBe(200)
    const update = { method: 'PATCH', path: '/order/update' }
    const changes = {
      orderNumber,
      productId: w.product.pId,
      customerEmail: 'new@example.test',
      facebookIdentity: 'fb.com/x',
      market: String(w.refs.marketId),
      remark: 'r',
    }
    expect((await call({ ...update, token: w.owner.token, json: changes })).status).toBe(403)
    expect((await call({ ...update, token: w.pm.token, json: changes })).status).toBe(200)

    for (const [path, field, allowed, refused] of [
      ['/order/upload/ordered', 'orderScreenshot', w.pm, w.owner],
      ['/order/upload/refund', 'refundScreenshot', w.owner, w.pm],
      ['/order/upload/review', 'reviewScreenshot', w.pm, w.owner],
    ] as const) {
      const form = async () => {
        const f = new FormData()
        f.set('orderNumber', orderNumber)
        f.set(field, await pngFile(62))
        return f
      }
      expect(
        (await call({ method: 'PUT', path, token: allowed.token, form: await form() })).status,
      ).toBe(200)
      expect(
        (await call({ method: 'PUT', path, token: refused.token, form: await form() })).status,
      ).toBe(403)
    }

    const complete = { method: 'GET', path: '/order/complete' }
    expect(
      (await call({ ...complete, token: w.admin.token })).data.data.data.map(
        (o: { orderId: number }) => String(o.orderId),
      ),
    ).toContain(orderId)
    expect((await call({ ...complete, token: w.admin.token, query: '?page=0' })).status).toBe(400)
    const all = { method: 'GET', path: '/order/admin/allDashboard' }
    expect(
      (await call({ ...all, token: w.admin.token, query: `?orderId=${orderId}` })).data.data.data,
    ).toHaveLength(1)
    expect((await call({ ...all, token: w.pm.token })).status).toBe(403)
  })

  test('scammer paypal: list, add, remove', async () => {
    const w = await world()
    const email = `contract-scam-${Date.now()}@example.test`
    const add = { method: 'POST', path: '/scammer/' }
    const added = await call({
      ...add,
      token: w.owner.token,
      json: { email, reason: 'Fake claim' },
    })
    expect(added.status).toBe(201)
    expect(
      (await call({ ...add, token: w.admin.token, json: { email, reason: 'x' } })).status,
    ).toBe(409)
    expect((await call({ ...add, token: w.pm.token, json: { email, reason: 'x' } })).status).toBe(
      403,
    )
    expect((await call({ ...add, token: w.owner.token, json: { email: 'no' } })).status).toBe(400)
    const list = { method: 'GET', path: '/scammer/' }
    const listed = await call({ ...list, token: w.pm.token, query: `?q=${email}` })
    expect(listed.status).toBe(200)
    expect(listed.data.data).toHaveLength(1)
    expect((await call({ ...list, token: w.pm.token, query: '?page=x' })).status).toBe(400)
    const remove = { method: 'DELETE', path: '/scammer/{id}', params: { id: added.data.data._id } }
    expect((await call({ ...remove, token: w.pm.token })).status).toBe(403)
    expect((await call({ ...remove, token: w.owner.token })).status).toBe(200)
    expect((await call({ ...remove, token: w.owner.token })).status).toBe(404)
  })

  test('users: register, login, profile picture, logout', async () => {
    const email = `contract-${Date.now()}@example.test`
    const registration = {
      name: 'Trần Thị Mai',
      email,
      password: 'secret12',
      cnic: '3520212345671',
      address: '5 Lê Lợi',
      role: 'pm',
      city: 'Huế',
      country: 'Vietnam',
      phone: '+84 234 000 111',
    }
    const register = { method: 'POST', path: '/user/register' }
    expect((await call({ ...register, json: registration })).status).toBe(201)
    expect((await call({ ...register, json: registration })).status).toBe(409)
    expect((await call({ ...register, json: { ...registration, cnic: '1' } })).status).toBe(400)

    const login = { method: 'POST', path: '/user/login' }
    const signedIn = await call({ ...login, json: { email, password: 'secret12' } })
    expect(signedIn.status).toBe(200)
    expect((await call({ ...login, json: { email, password: 'wrong-one' } })).status).toBe(401)
    const token = signedIn.data.token as string

    const picture = new FormData()
    picture.set('profileImg', new File([new Uint8Array(await makePictureBytes(33, 64))], 'me.png'))
    const put = { method: 'PUT', path: '/user/' }
    expect((await call({ ...put, token, form: picture })).status).toBe(200)
    const notAPicture = new FormData()
    notAPicture.set('profileImg', new File(['no'], 'me.png', { type: 'image/png' }))
    expect((await call({ ...put, token, form: notAPicture })).status).toBe(400)

    const logout = { method: 'POST', path: '/user/logout' }
    expect((await call({ ...logout, token })).status).toBe(200)
    expect((await call({ ...logout, token })).status).toBe(401)
    // The revoked token no longer works anywhere.
    expect((await call({ method: 'GET', path: '/cat/', token })).status).toBe(401)
    const other = await makeUser({ role: 'pm' })
    expect(
      (await call({ ...login, json: { email: other.email, password: DEMO_PASSWORD } })).status,
    ).toBe(200)
  })

  test('users (admins): the three lists, disable, enable and delete', async () => {
    const w = await world()
    const lists = [
      ['/user/pmm', `?pmmId=${w.owner.user.id}`],
      ['/user/pm', `?name=${encodeURIComponent(w.pm.user.name)}&pmId=${w.pm.user.id}`],
      ['/user/all', `?userId=${w.pm.user.id}&state=enabled`],
    ] as const
    for (const [path, query] of lists) {
      const listed = await call({ method: 'GET', path, token: w.admin.token, query })
      expect(listed.status).toBe(200)
      expect(listed.data.data).toHaveLength(1)
      expect(JSON.stringify(listed.data)).not.toMatch(/password|scrypt/i)
      expect((await call({ method: 'GET', path, token: w.pm.token })).status).toBe(403)
      expect((await call({ method: 'GET', path, token: w.owner.token })).status).toBe(403)
      const bad = await call({ method: 'GET', path, token: w.admin.token, query: '?page=x' })
      expect(bad.status).toBe(400)
    }

    const target = await userWithToken('pm')
    const userId = String(target.user.id)
    const disable = { method: 'PATCH', path: '/user/isDisable', query: `?userId=${userId}` }
    const enable = { method: 'PATCH', path: '/user/isEnable', query: `?userId=${userId}` }
    expect((await call({ ...disable, token: w.pm.token })).status).toBe(403)
    const disabled = await call({ ...disable, token: w.admin.token })
    expect(disabled.data).toMatchObject({
      message: 'User disabled successfully.',
      data: { _id: userId, isEnable: false, state: 'disabled' },
    })
    // The token died with the disable.
    expect((await call({ method: 'GET', path: '/cat/', token: target.token })).status).toBe(401)
    expect((await call({ ...enable, token: w.owner.token })).status).toBe(403)
    expect((await call({ ...enable, token: w.admin.token })).data).toMatchObject({
      message: 'User enabled successfully.',
      data: { state: 'enabled' },
    })
    expect(
      (await call({ ...enable, token: w.admin.token, query: '?userId=999999999' })).status,
    ).toBe(404)
    expect((await call({ ...enable, token: w.admin.token, query: '' })).status).toBe(400)
    const self = `?userId=${w.admin.user.id}`
    const refused = await call({ ...disable, token: w.admin.token, query: self })
    expect(refused).toMatchObject({
      status: 403,
      data: { message: 'You cannot disable or delete your own account.' },
    })

    const remove = { method: 'DELETE', path: '/user/{userId}', params: { userId } }
    expect((await call({ ...remove, token: w.pm.token })).status).toBe(403)
    const removed = await call({ ...remove, token: w.admin.token })
    expect(removed.data).toMatchObject({
      message: 'User deleted successfully.',
      data: { _id: userId, state: 'deleted' },
    })
    expect((await call({ ...remove, token: w.admin.token })).status).toBe(409)
    expect((await call({ ...enable, token: w.admin.token })).status).toBe(409)
    const peer = await userWithToken('admin')
    const other = { ...remove, params: { userId: String(peer.user.id) } }
    expect(await call({ ...other, token: w.admin.token })).toMatchObject({
      status: 403,
      data: { message: 'Admin accounts cannot be disabled or deleted.' },
    })
    const gone = await call({
      method: 'GET',
      path: '/user/all',
      token: w.admin.token,
      query: `?userId=${userId}`,
    })
    expect(gone.data.data[0].deletedAt).toEqual(expect.any(String))
  })

  afterAll(() => {
    // Every declared endpoint was called with a success and with a refusal.
    for (const { spec } of declaredEndpoints()) {
      const statuses = [...(seen.get(`${spec.method} ${spec.path}`) ?? [])]
      expect(
        statuses.some((s) => s.startsWith('2')),
        `${spec.method} ${spec.path} success`,
      ).toBe(true)
      expect(
        statuses.some((s) => s.startsWith('4')),
        `${spec.method} ${spec.path} refusal`,
      ).toBe(true)
    }
  })
})

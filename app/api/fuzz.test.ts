/**
 * A fuzzer with a fixed seed: every API endpoint, the report files and page, the sign-in and
 * register forms and the order page's forms get generated hostile input (objects where strings
 * go, numbers, arrays, huge and invisible text, impossible dates, hundreds of made-up fields).
 * Every answer must be a refusal or a success, never a 5xx; API answers are JSON, and a refused
 * form never echoes a field it does not declare.
 */
import { afterAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { createSession } from '~/models/session.server'
import { action as loginAction } from '~/routes/_auth+/login'
import { action as registerAction } from '~/routes/_auth+/register'
import { loader as reportPageLoader } from '~/routes/_app+/orderReport/route'
import { action as orderAction } from '~/routes/_app+/orders.view.$orderId/route'
import { loader as csvLoader } from '~/routes/orderReport.export[.]csv'
import { loader as pdfLoader } from '~/routes/orderReport.export[.]pdf'
import { loader as txtLoader } from '~/routes/orderReport.export[.]txt'
import { loader as xlsxLoader } from '~/routes/orderReport.export[.]xlsx'
import { call, formRequest, getRequest } from '../../tests/route'
import { orderWorld, placeOrder } from '../../tests/orders'
import { declaredEndpoints } from './endpoint.server'
import { seededRandom } from '~/core/seeded-random'
import './openapi.server' // loads every endpoint declaration

const rand = seededRandom(19)
const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!

const STRINGS = [
  '',
  ' ',
  'abc',
  '0',
  '-1',
  '1.5',
  '1e308',
  '999999999999999999999',
  '9999-12-31',
  '0000-00-00',
  '2026-13-45',
  '2026-02-30',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  'toString',
  "' OR 1=1 --",
  '%00',
  '\u0000',
  '\u202e\u200b\u3164\u2028\ufeff',
  '👨\u200d👩\u200d👧',
  'محمد\u200cعلی',
  'Nguyễn Thị Hồng',
  '＝1+1',
  'a;=1+1',
  '<script>alert(1)</script>',
  'x'.repeat(5000),
  'reviewed',
  'commission',
  'pm@example.com',
]
const orderNumbers: string[] = []

/** A JSON value of any kind, nested a little. */
function hostile(depth = 0): unknown {
  switch (Math.floor(rand() * (depth > 1 ? 6 : 9))) {
    case 0:
      return pick([...STRINGS, ...orderNumbers])
    case 1:
      return pick([0, -1, 1, 1.5, 1e308, -1e308, 2 ** 53, 100001, 999999])
    case 2:
      return pick([true, false, null])
    case 3:
      return pick([...STRINGS, ...orderNumbers])
    case 4:
      return { toString: pick(['x', 1, null]), valueOf: pick(['1', {}, []]) }
    case 5:
      return pick([{}, [], ['1'], [1, 2]])
    case 6:
      return [hostile(depth + 1), hostile(depth + 1)]
    default: {
      const value: Record<string, unknown> = {}
      for (let i = 0; i < 3; i++)
        value[pick(['a', 'values', '__proto__', 'market'])] = hostile(depth + 1)
      return value
    }
  }
}

/** The field names a schema declares at the top and one level down. */
function fieldsOf(schema: z.ZodTypeAny | undefined): string[][] {
  let s = schema
  while (s && !(s instanceof z.ZodObject)) {
    if (s instanceof z.ZodEffects) s = s.innerType()
    else if ('innerType' in s._def) s = s._def.innerType as z.ZodTypeAny
    else return []
  }
  if (!s) return []
  return Object.entries(s.shape as Record<string, z.ZodTypeAny>).flatMap(([key, inner]) => [
    [key],
    ...fieldsOf(inner).map((path) => [key, ...path]),
  ])
}

/** A body with the declared fields (some left out) set to hostile values, and a stray one. */
function hostileBody(schema: z.ZodTypeAny | undefined) {
  const body: Record<string, unknown> = {}
  for (const path of fieldsOf(schema)) {
    if (rand() < 0.2) continue
    let at = body
    for (const key of path.slice(0, -1)) {
      if (!at[key] || typeof at[key] !== 'object') at[key] = {}
      at = at[key] as Record<string, unknown>
    }
    at[path.at(-1)!] = hostile()
  }
  if (rand() < 0.3) body[`stray${Math.floor(rand() * 100)}`] = hostile()
  return body
}

const fiveHundreds: string[] = []
const expectNo5xx = (what: string, status: number) => {
  if (status >= 500) fiveHundreds.push(`${status} ${what}`)
}
let requests = 0
/** Runs one request; an error thrown out of a route is what Remix answers with a 500. */
async function attempt<T extends { status: number }>(what: string, run: () => Promise<T>) {
  requests += 1
  try {
    const answer = await run()
    expectNo5xx(what, answer.status)
    return answer
  } catch (error) {
    expectNo5xx(`${what}: ${String(error)}`, 500)
    return undefined
  }
}

async function fuzzWorld() {
  const w = await orderWorld()
  const order = await placeOrder(w)
  orderNumbers.push(order.orderNumber)
  const { userWithToken } = await import('../../tests/api')
  const admin = await userWithToken('admin')
  return {
    w,
    order,
    tokens: [createSession(w.pm.user.id).token, createSession(w.pmm.user.id).token, admin.token],
  }
}

describe('the fuzzer (seed 19): no input gets a 5xx', () => {
  afterAll(() => console.log(`fuzzer: ${requests} requests, ${fiveHundreds.length} 5xx`))

  test('every API endpoint, with hostile JSON, forms, queries and path parameters', async () => {
    const { tokens } = await fuzzWorld()
    for (const { spec, handle } of declaredEndpoints()) {
      for (let round = 0; round < 30; round++) {
        const params = Object.fromEntries(
          fieldsOf(spec.params).map(([key]) => [key!, String(pick([...STRINGS, '100001', '1']))]),
        )
        const path = spec.path.replace(/\{(\w+)\}/g, (_, k: string) =>
          encodeURIComponent(params[k] ?? ''),
        )
        const query = new URLSearchParams()
        for (const [key] of fieldsOf(spec.query)) query.set(key!, String(pick(STRINGS)))
        const headers = new Headers({ Authorization: `Bearer ${pick(tokens)}` })
        let body: BodyInit | undefined
        if (spec.method !== 'GET') {
          const value = hostileBody(spec.body?.schema)
          if (spec.body?.type === 'multipart' || rand() < 0.15) {
            const form = new FormData()
            for (const [k, v] of Object.entries(value)) form.append(k, String(JSON.stringify(v)))
            body = form
          } else {
            headers.set('Content-Type', 'application/json')
            body = rand() < 0.1 ? '{"a":' : JSON.stringify(rand() < 0.1 ? hostile() : value)
          }
        }
        const request = new Request(`http://localhost/api/v1${path}?${query}`, {
          method: spec.method,
          headers,
          body,
        })
        const what = `${spec.method} ${spec.path} ${String(body ?? query).slice(0, 200)}`
        const response = await attempt(what, async () => handle({ request, params, context: {} }))
        if (!response) continue
        const data = (await response.json()) as { success?: boolean; message?: string }
        if (response.status >= 400) expect(typeof data.message, what).toBe('string')
      }
    }
    expect(fiveHundreds).toEqual([])
  })

  test('report files and page, with hostile filters', async () => {
    const { w } = await fuzzWorld()
    const loaders = [csvLoader, txtLoader, xlsxLoader, pdfLoader]
    for (let round = 0; round < 100; round++) {
      const query = new URLSearchParams()
      for (const key of ['from', 'to', 'status', 'manager', 'marketer', 'chineseSeller']) {
        if (rand() < 0.6) query.set(key, String(pick(STRINGS)))
      }
      const cookie = pick([w.pm.cookie, w.pmm.cookie])
      // `call` reads the whole file: a failure after the first byte counts too.
      const file = await attempt(`report ?${query}`, () =>
        call(pick(loaders), getRequest(`/orderReport/export?${query}`, { cookie })),
      )
      if (file && file.status < 500) expect(file.status, `report ?${query}`).toBeOneOf([200, 400])
      await attempt(`report page ?${query}`, () =>
        call(reportPageLoader, getRequest(`/orderReport?${query}`, { cookie })),
      )
    }
    expect(fiveHundreds).toEqual([])
  })

  test('sign-in, register and order forms, with hundreds of made-up fields', async () => {
    const { w, order } = await fuzzWorld()
    const forms = [
      { name: 'login', route: loginAction, path: '/login', cookie: undefined },
      { name: 'register', route: registerAction, path: '/register', cookie: undefined },
      { name: 'order', route: orderAction, path: `/orders/view/${order.id}`, cookie: w.pm.cookie },
      { name: 'order', route: orderAction, path: `/orders/view/${order.id}`, cookie: w.pmm.cookie },
    ]
    const declared = [
      'email',
      'password',
      'name',
      'cnic',
      'address',
      'role',
      'city',
      'country',
      'phone',
      'intent',
      'orderNumber',
      'customerEmail',
      'facebookIdentity',
      'market',
      'status',
      'remark',
      'redirectTo',
    ]
    for (let round = 0; round < 80; round++) {
      const form = forms[round % forms.length]!
      const fields: Record<string, string> = {}
      for (const key of declared) if (rand() < 0.7) fields[key] = String(pick(STRINGS))
      if (form.name === 'order') fields.intent = pick(['update', 'status', 'upload', 'nope', ''])
      const stray = Math.floor(rand() * 900)
      for (let i = 0; i < stray; i++) fields[`zz${i}`] = '1'
      const request = formRequest(form.path, fields, form.cookie)
      const what = `${form.path} ${JSON.stringify(fields).slice(0, 200)}`
      const r = await attempt(what, () => call(form.route, request, { orderId: String(order.id) }))
      const echoed = JSON.stringify(r?.data?.result ?? {})
      expect.soft(echoed, form.path).not.toContain('"zz')
    }
    expect(fiveHundreds).toEqual([])
  })
})

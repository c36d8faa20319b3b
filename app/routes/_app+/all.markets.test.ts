import { describe, expect, test } from 'vitest'
import { makeUser } from '../../../server/factories'
import type { Role } from '../../../db/schema'
import { addMarket, getMarket, listMarketsPage } from '~/models/market.server'
import { unwrap } from '~/core/result'
import { CONTROL_CHARACTERS_MESSAGE } from '~/validation/text'
import { sessionCookie } from '../../../tests/api'
import {
  call,
  expectRedirectWithToast,
  fieldErrors,
  formRequest,
  getRequest,
} from '../../../tests/route'
import { action, loader } from './all.markets'

let n = 0
const unique = (prefix: string) => `${prefix} ${++n}-${Date.now()}`

async function signedIn(role: Role) {
  const user = await makeUser({ role })
  return { user, cookie: await sessionCookie(user.id) }
}
const post = (cookie: string, fields: Record<string, string>, path = '/all/markets') =>
  call(action, formRequest(path, fields, cookie))

describe('/all/markets', () => {
  test('a visitor goes to /login; a pm or pmm is sent to /login like on every admin page', async () => {
    expect((await call(loader, getRequest('/all/markets'))).location).toBe(
      '/login?redirectTo=%2Fall%2Fmarkets',
    )
    for (const role of ['pm', 'pmm'] as const) {
      const { cookie } = await signedIn(role)
      for (const r of [
        await call(loader, getRequest('/all/markets', { cookie })),
        await post(cookie, { intent: 'add', name: unique('Nope'), shortName: unique('NP') }),
      ]) {
        expect([r.status, r.location]).toEqual([302, '/login'])
      }
    }
  })

  test('an admin searches, and ?rename=<id> opens the rename step of that market', async () => {
    const { user: admin, cookie } = await signedIn('admin')
    const { market } = unwrap(addMarket(admin, { name: unique('Loaded'), shortName: unique('LD') }))
    const r = await call(
      loader,
      getRequest(`/all/markets?q=${encodeURIComponent(market.name)}&rename=${market.id}`, {
        cookie,
      }),
    )
    expect(r.status).toBe(200)
    expect(r.data.list).toMatchObject({ total: 1, rows: [{ id: market.id, name: market.name }] })
    expect(r.data.step).toEqual({ step: 'rename', id: market.id, name: market.name })
    const none = await call(loader, getRequest('/all/markets?rename=999999999', { cookie }))
    expect(none.data.step).toBeNull()
  })

  test('add: clear messages for a missing, a control-character or a taken name; then added', async () => {
    const { user: admin, cookie } = await signedIn('admin')
    const taken = unwrap(
      addMarket(admin, { name: unique('Taken'), shortName: unique('TK') }),
    ).market
    const shortName = unique('S')
    const cases = [
      [{ name: '  ', shortName }, { name: ['Please enter the market name.'] }, 400],
      [{ name: 'Bad\u0007name', shortName }, { name: [CONTROL_CHARACTERS_MESSAGE] }, 400],
      [
        { name: '', shortName: '' },
        { name: ['Please enter the market name.'], shortName: ['Please enter the short name.'] },
        400,
      ],
      [
        { name: taken.name.toLowerCase(), shortName },
        { name: ['A market with this name already exists.'] },
        409,
      ],
    ] as const
    for (const [fields, errors, status] of cases) {
      const r = await post(cookie, { intent: 'add', ...fields })
      expect(r.status).toBe(status)
      expect(fieldErrors(r)).toEqual(errors)
    }
    const name = unique('Fresh')
    await expectRedirectWithToast(
      await post(cookie, { intent: 'add', name: ` ${name} `, shortName }),
      '/all/markets',
      { type: 'success', message: 'Market added successfully.' },
    )
    expect(unwrap(listMarketsPage(admin, { q: name })).rows).toMatchObject([{ name, shortName }])
  })

  test('rename returns to the same page without the step; a taken name is a field error', async () => {
    const { user: admin, cookie } = await signedIn('admin')
    const other = unwrap(addMarket(admin, { name: unique('Other'), shortName: unique('O') })).market
    const { market } = unwrap(addMarket(admin, { name: unique('Mine'), shortName: unique('M') }))
    const path = `/all/markets?q=x&page=2&rename=${market.id}`
    const refused = await post(
      cookie,
      { intent: 'rename', id: String(market.id), name: other.name.toUpperCase() },
      path,
    )
    expect(refused.status).toBe(409)
    expect(fieldErrors(refused)).toEqual({ name: ['A market with this name already exists.'] })
    const name = unique('Renamed')
    await expectRedirectWithToast(
      await post(cookie, { intent: 'rename', id: String(market.id), name }, path),
      '/all/markets?q=x&page=2',
      { type: 'success', message: 'Market renamed successfully.' },
    )
    expect(getMarket(market.id)?.name).toBe(name)
    expect((await post(cookie, { intent: 'rename', id: 'x', name: unique('Ghost') })).status).toBe(
      404,
    )
    expect((await post(cookie, { intent: 'wipe' })).status).toBe(400)
  })
})

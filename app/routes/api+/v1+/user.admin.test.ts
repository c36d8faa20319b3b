import { describe, expect, test } from 'vitest'
import { makeUser } from '../../../../server/factories'
import { PAGE_SIZE } from '~/models/paginate.server'
import { getUser } from '~/utils/auth.server'
import { send, sessionCookie, userWithToken } from '../../../../tests/api'
import { call, getRequest } from '../../../../tests/route'
import * as userAll from './user.all'
import * as userDelete from './user.$userId'
import * as userDisable from './user.isDisable'
import * as userEnable from './user.isEnable'
import * as userPm from './user.pm'
import * as userPmm from './user.pmm'

type Route = { loader: unknown; action: unknown }
type Fn = Parameters<typeof call>[0]

/** Calls one of the admin user endpoints as the server would. */
function hit(route: Route, method: string, path: string, token?: string) {
  const fn = (method === 'GET' ? route.loader : route.action) as Fn
  const userId = path.match(/^\/api\/v1\/user\/(\d+)$/)?.[1]
  return call(fn, send(method, path, token), userId ? { userId } : {})
}

const signedIn = async (cookie: string) =>
  Boolean(await getUser(getRequest('/dashboard', { cookie })))

describe('the admin user endpoints', () => {
  test('pm and pmm get 403 from every one, a visitor 401, and nothing changes', async () => {
    const target = await makeUser({ role: 'pm' })
    const calls: Array<[Route, string, string]> = [
      [userPmm, 'GET', '/api/v1/user/pmm'],
      [userPm, 'GET', '/api/v1/user/pm'],
      [userAll, 'GET', '/api/v1/user/all'],
      [userDisable, 'PATCH', `/api/v1/user/isDisable?userId=${target.id}`],
      [userEnable, 'PATCH', `/api/v1/user/isEnable?userId=${target.id}`],
      [userDelete, 'DELETE', `/api/v1/user/${target.id}`],
    ]
    for (const role of ['pm', 'pmm'] as const) {
      const { token } = await userWithToken(role)
      for (const [route, method, path] of calls) {
        const r = await hit(route, method, path, token)
        expect([path, r.status, r.data]).toEqual([
          path,
          403,
          { success: false, message: 'You are not allowed to do this.' },
        ])
      }
    }
    for (const [route, method, path] of calls) {
      expect((await hit(route, method, path)).status).toBe(401)
    }
    const { token } = await userWithToken('admin')
    const all = await hit(userAll, 'GET', `/api/v1/user/all?userId=${target.id}`, token)
    expect(all.data.data[0]).toMatchObject({ state: 'enabled', deletedAt: null })
  })

  test('the lists: filters, 25 a page, strict parameters, never a password', async () => {
    const { token } = await userWithToken('admin')
    const name = `Api${Date.now().toString(36)}`
    const made = []
    for (let i = 0; i < PAGE_SIZE + 1; i++) made.push(await makeUser({ role: 'pmm', name }))
    const first = await hit(userPmm, 'GET', `/api/v1/user/pmm?name=${name}`, token)
    expect(first.data).toMatchObject({ total: PAGE_SIZE + 1, page: 1, pageCount: 2 })
    expect(first.data.data).toHaveLength(PAGE_SIZE)
    expect(first.data.data[0]).toMatchObject({
      _id: String(made.at(-1)!.id),
      count: made.at(-1)!.id,
      name,
      role: 'pmm',
      isEnable: true,
      state: 'enabled',
    })
    expect(JSON.stringify(first.data)).not.toMatch(/password|scrypt/i)
    const byId = await hit(userPmm, 'GET', `/api/v1/user/pmm?pmmId=${made[0].id}`, token)
    expect(byId.data.data.map((u: { count: number }) => u.count)).toEqual([made[0].id])
    expect((await hit(userPm, 'GET', `/api/v1/user/pm?pmId=${made[0].id}`, token)).data.total).toBe(
      0,
    )
    const bad = await hit(userAll, 'GET', '/api/v1/user/all?state=gone', token)
    expect(bad).toMatchObject({
      status: 400,
      data: { message: 'Invalid state: please send enabled, disabled or deleted.' },
    })
  })

  test('disable ends cookie sessions and tokens at once; delete ends the new ones', async () => {
    const { token: admin } = await userWithToken('admin')
    const { user, token } = await userWithToken('pmm')
    const cookie = await sessionCookie(user.id)
    const off = await hit(userDisable, 'PATCH', `/api/v1/user/isDisable?userId=${user.id}`, admin)
    expect(off.data.message).toBe('User disabled successfully.')
    expect(await signedIn(cookie)).toBe(false)
    expect((await hit(userPmm, 'GET', '/api/v1/user/pmm', token)).status).toBe(401)
    const on = await hit(userEnable, 'PATCH', `/api/v1/user/isEnable?userId=${user.id}`, admin)
    expect(on.data.message).toBe('User enabled successfully.')
    const fresh = await sessionCookie(user.id)
    expect(await signedIn(fresh)).toBe(true)
    const gone = await hit(userDelete, 'DELETE', `/api/v1/user/${user.id}`, admin)
    expect(gone.data).toMatchObject({
      success: true,
      message: 'User deleted successfully.',
      data: { state: 'deleted' },
    })
    expect(await signedIn(fresh)).toBe(false)
    const live = await hit(userPmm, 'GET', `/api/v1/user/pmm?pmmId=${user.id}`, admin)
    expect(live.data.total).toBe(0)
  })
})

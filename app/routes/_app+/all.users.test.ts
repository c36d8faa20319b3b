import { describe, expect, test } from 'vitest'
import { makeUser } from '../../../server/factories'
import type { Role } from '../../../db/schema'
import { deleteUser, setUserEnabled } from '~/models/admin-users.server'
import { PAGE_SIZE } from '~/models/paginate.server'
import { unwrap } from '~/core/result'
import { getUser } from '~/utils/auth.server'
import { sessionCookie } from '../../../tests/api'
import { call, flashedToast, formRequest, getRequest } from '../../../tests/route'
import * as allOfRole from './all.$scope'
import * as allUsers from './all.user.deleted'

const LISTS = {
  '/all/pmm': {
    route: allOfRole,
    params: { scope: 'pmm' },
    role: 'pmm',
    idParam: 'pmmId',
    deleted: 'PMM deleted successfully',
  },
  '/all/pm': {
    route: allOfRole,
    params: { scope: 'pm' },
    role: 'pm',
    idParam: 'pmId',
    deleted: 'PM deleted successfully.',
  },
  '/all/user/deleted': {
    route: allUsers,
    params: {},
    role: 'pm',
    idParam: 'userId',
    deleted: 'User deleted successfully.',
  },
} as const
type Path = keyof typeof LISTS

let n = 0
const tag = () => `Row${++n}x${Date.now().toString(36)}`

async function signedIn(role: Role) {
  const user = await makeUser({ role })
  return { user, cookie: await sessionCookie(user.id) }
}

const load = (path: Path, cookie: string | undefined, query = '') =>
  call(LISTS[path].route.loader, getRequest(`${path}${query}`, { cookie }), LISTS[path].params)
const post = (path: Path, cookie: string, fields: Record<string, string>, query = '') =>
  call(LISTS[path].route.action, formRequest(`${path}${query}`, fields, cookie), LISTS[path].params)

/** Whether a browser holding this cookie is still signed in. */
const signedInWith = async (cookie: string) =>
  Boolean(await getUser(getRequest('/dashboard', { cookie })))

describe('guards', () => {
  test('a visitor goes to /login and comes back; pm and pmm go to /login, nothing changes', async () => {
    const target = await makeUser({ role: 'pm' })
    for (const path of Object.keys(LISTS) as Path[]) {
      const anonymous = await load(path, undefined, '?name=x')
      expect(anonymous.location).toBe(`/login?redirectTo=${encodeURIComponent(`${path}?name=x`)}`)
      for (const role of ['pm', 'pmm'] as const) {
        const { cookie } = await signedIn(role)
        const page = await load(path, cookie)
        expect([page.status, page.location]).toEqual([302, '/login'])
        for (const intent of ['enable', 'disable', 'delete']) {
          const r = await post(path, cookie, { intent, userId: String(target.id) })
          expect([r.status, r.location]).toEqual([302, '/login'])
        }
      }
    }
    const admin = await makeUser({ role: 'admin' })
    const all = await call(
      allUsers.loader,
      getRequest(`/all/user/deleted?userId=${target.id}`, {
        cookie: await sessionCookie(admin.id),
      }),
    )
    expect(all.data.users.rows[0]).toMatchObject({ id: target.id, state: 'enabled' })
  })
})

describe('the lists', () => {
  test('rows with ID, name, email, phone, city, country, created date and state; by name and ID', async () => {
    const { cookie } = await signedIn('admin')
    const name = tag()
    const pmm = await makeUser({ role: 'pmm', name: `${name} Manager` })
    const pm = await makeUser({ role: 'pm', name: `${name} Marketer` })
    const byName = await load('/all/pmm', cookie, `?name=${name}`)
    expect(byName.status).toBe(200)
    expect(byName.data.users).toMatchObject({ total: 1, page: 1, pageCount: 1 })
    expect(byName.data.users.rows[0]).toEqual({
      id: pmm.id,
      name: pmm.name,
      email: pmm.email,
      role: 'pmm',
      phone: pmm.phone,
      city: pmm.city,
      country: pmm.country,
      created: pmm.createdAt.toISOString().slice(0, 10),
      state: 'enabled',
      deletedOn: null,
    })
    expect(JSON.stringify(byName.data)).not.toMatch(/password|scrypt/i)
    const byId = await load('/all/pm', cookie, `?pmId=${pm.id}`)
    expect(byId.data.users.rows.map((r: { id: number }) => r.id)).toEqual([pm.id])
    // A bad value is dropped (the list still shows), not an error.
    const lenient = await load('/all/pm', cookie, `?name=${name}&pmId=abc&page=x`)
    expect(lenient.data.users.total).toBe(1)
  })

  test('25 rows a page; the page lives in the URL', async () => {
    const { cookie } = await signedIn('admin')
    const name = tag()
    for (let i = 0; i < PAGE_SIZE + 1; i++) await makeUser({ role: 'pmm', name })
    const first = await load('/all/pmm', cookie, `?name=${name}`)
    expect(first.data.users).toMatchObject({ total: PAGE_SIZE + 1, page: 1, pageCount: 2 })
    expect(first.data.users.rows).toHaveLength(PAGE_SIZE)
    const second = await load('/all/pmm', cookie, `?name=${name}&page=2`)
    expect(second.data.users.rows).toHaveLength(1)
  })

  test('the all-users list shows every state, filters by it, and when a user was deleted', async () => {
    const { user: admin, cookie } = await signedIn('admin')
    const name = tag()
    const live = await makeUser({ role: 'pmm', name })
    const off = await makeUser({ role: 'pm', name })
    const gone = await makeUser({ role: 'pm', name })
    unwrap(setUserEnabled(admin, off.id, false))
    unwrap(deleteUser(admin, gone.id))
    const all = await load('/all/user/deleted', cookie, `?name=${name}`)
    const states = Object.fromEntries(
      all.data.users.rows.map((r: { id: number; state: string }) => [r.id, r.state]),
    )
    expect(states).toEqual({ [live.id]: 'enabled', [off.id]: 'disabled', [gone.id]: 'deleted' })
    const deleted = await load('/all/user/deleted', cookie, `?name=${name}&state=deleted`)
    expect(deleted.data.users.rows).toHaveLength(1)
    expect(deleted.data.users.rows[0].deletedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    // The deleted user has left the live list.
    expect((await load('/all/pm', cookie, `?name=${name}`)).data.users.rows).toHaveLength(1)
  })

  test('the confirm step by URL: ?disable=<id> and ?delete=<id> of a live user of that list', async () => {
    const { user: admin, cookie } = await signedIn('admin')
    const pm = await makeUser({ role: 'pm' })
    const pmm = await makeUser({ role: 'pmm' })
    expect((await load('/all/pm', cookie, `?disable=${pm.id}`)).data.step).toEqual({
      step: 'disable',
      id: pm.id,
      name: pm.name,
    })
    expect((await load('/all/pm', cookie, `?delete=${pm.id}`)).data.step).toMatchObject({
      step: 'delete',
    })
    expect((await load('/all/pm', cookie, `?delete=${pmm.id}`)).data.step).toBeNull()
    expect((await load('/all/pm', cookie, '?delete=abc')).data.step).toBeNull()
    unwrap(setUserEnabled(admin, pm.id, false))
    expect((await load('/all/pm', cookie, `?disable=${pm.id}`)).data.step).toBeNull()
    unwrap(deleteUser(admin, pm.id))
    expect((await load('/all/user/deleted', cookie, `?delete=${pm.id}`)).data.step).toBeNull()
  })
})

describe('the row actions', () => {
  for (const path of Object.keys(LISTS) as Path[]) {
    const list = LISTS[path]
    test(`${path}: disable, enable and delete with their toasts; sessions end at once`, async () => {
      const { cookie } = await signedIn('admin')
      const target = await signedIn(list.role)
      const userId = String(target.user.id)
      const query = `?name=x&page=2&disable=${userId}`

      const disabled = await post(path, cookie, { intent: 'disable', userId }, query)
      expect([disabled.status, disabled.location]).toEqual([302, `${path}?name=x&page=2`])
      expect(await flashedToast(disabled)).toMatchObject({
        type: 'success',
        message: 'User disabled successfully.',
      })
      expect(await signedInWith(target.cookie)).toBe(false)

      const enabled = await post(path, cookie, { intent: 'enable', userId })
      expect(enabled.location).toBe(path)
      expect(await flashedToast(enabled)).toMatchObject({
        type: 'success',
        message: 'User enabled successfully.',
      })
      const again = await sessionCookie(target.user.id)
      expect(await signedInWith(again)).toBe(true)

      const deleted = await post(path, cookie, { intent: 'delete', userId }, `?delete=${userId}`)
      expect(deleted.location).toBe(path)
      expect(await flashedToast(deleted)).toMatchObject({ type: 'success', message: list.deleted })
      expect(await signedInWith(again)).toBe(false)
      const refused = await post(path, cookie, { intent: 'enable', userId })
      expect(await flashedToast(refused)).toMatchObject({
        type: 'error',
        message: 'This user has been deleted.',
      })
    })
  }

  test('an admin cannot disable or delete themselves or another admin', async () => {
    const { user: admin, cookie } = await signedIn('admin')
    const other = await signedIn('admin')
    for (const intent of ['disable', 'delete']) {
      const self = await post('/all/pmm', cookie, { intent, userId: String(admin.id) })
      expect(await flashedToast(self)).toMatchObject({
        type: 'error',
        message: 'You cannot disable or delete your own account.',
      })
      const peer = await post('/all/pmm', cookie, { intent, userId: String(other.user.id) })
      expect(await flashedToast(peer)).toMatchObject({
        type: 'error',
        message: 'Admin accounts cannot be disabled or deleted.',
      })
    }
    expect(await signedInWith(cookie)).toBe(true)
    expect(await signedInWith(other.cookie)).toBe(true)
  })

  test('an unknown intent is a 400; a missing or unknown user an error toast', async () => {
    const { cookie } = await signedIn('admin')
    expect((await post('/all/pm', cookie, { intent: 'wipe', userId: '1' })).status).toBe(400)
    expect((await post('/all/pm', cookie, {})).status).toBe(400)
    for (const userId of ['', 'abc', '999999999']) {
      const r = await post('/all/pm', cookie, { intent: 'disable', userId })
      expect(await flashedToast(r)).toMatchObject({ type: 'error', message: 'No such user.' })
    }
  })
})

describe('/all/:scope', () => {
  test('only pm and pmm are lists there; any other name is the 404 page', async () => {
    const { cookie } = await signedIn('admin')
    const r = await call(allOfRole.loader, getRequest('/all/users', { cookie }), { scope: 'users' })
    expect(r.status).toBe(404)
  })
})

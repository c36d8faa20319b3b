import { describe, expect, test } from 'vitest'
import { DEMO_PASSWORD, makeProduct, makeUser } from '../../server/factories'
import type { Role } from '../../db/schema'
import { makeRefs } from '../../tests/api'
import {
  deleteUser,
  getListedUser,
  listUsers,
  setUserEnabled,
  USER_ADMIN_MESSAGE,
  USER_DELETED_ALREADY_MESSAGE,
  USER_NOT_FOUND_MESSAGE,
  USER_SELF_MESSAGE,
  USERS_FORBIDDEN_MESSAGE,
} from './admin-users.server'
import { PAGE_SIZE } from './paginate.server'
import { getProductView } from './product.server'
import { unwrap } from '~/core/result'
import { createSession, getSessionUser } from './session.server'
import { LOGIN_DELETED_MESSAGE, LOGIN_DISABLED_MESSAGE, verifySignIn } from './user.server'

let n = 0
/** A name part no other test uses, to search by. */
const tag = () => `Tag${++n}x${Date.now().toString(36)}`

const signInAs = (email: string) => verifySignIn({ email, password: DEMO_PASSWORD })

async function world() {
  const admin = await makeUser({ role: 'admin' })
  const name = tag()
  const pmm = await makeUser({ role: 'pmm', name: `${name} Manager` })
  const pm = await makeUser({ role: 'pm', name: `${name} Marketer` })
  return { admin, pmm, pm, name }
}

describe('listUsers', () => {
  test('/all/pmm and /all/pm: live users of one role, by a part of the name or by ID', async () => {
    const { admin, pmm, pm, name } = await world()
    const pmms = unwrap(listUsers(admin, 'pmm', { name: name.toLowerCase() }))
    expect(pmms).toMatchObject({ total: 1, page: 1, pageCount: 1 })
    expect(pmms.rows[0]).toMatchObject({
      id: pmm.id,
      name: pmm.name,
      email: pmm.email,
      phone: pmm.phone,
      city: pmm.city,
      country: pmm.country,
      role: 'pmm',
      state: 'enabled',
      deletedAt: null,
    })
    expect(pmms.rows[0]).not.toHaveProperty('passwordHash')
    expect(unwrap(listUsers(admin, 'pm', { name })).rows.map((r) => r.id)).toEqual([pm.id])
    expect(unwrap(listUsers(admin, 'pm', { id: pm.id })).rows.map((r) => r.id)).toEqual([pm.id])
    // The ID of a user of the other role, or of an admin, is not on the list.
    expect(unwrap(listUsers(admin, 'pm', { id: pmm.id })).total).toBe(0)
    expect(unwrap(listUsers(admin, 'pmm', { id: admin.id })).total).toBe(0)
    // LIKE wildcards match themselves.
    expect(unwrap(listUsers(admin, 'pmm', { name: '%' })).total).toBe(0)
  })

  test('25 a page, newest first; a page past the end shows the last one', async () => {
    const admin = await makeUser({ role: 'admin' })
    const name = tag()
    const made = []
    for (let i = 0; i < PAGE_SIZE + 3; i++) made.push(await makeUser({ role: 'pm', name }))
    const first = unwrap(listUsers(admin, 'pm', { name }))
    expect(first).toMatchObject({ total: PAGE_SIZE + 3, page: 1, pageCount: 2 })
    expect(first.rows).toHaveLength(PAGE_SIZE)
    expect(first.rows[0].id).toBe(made.at(-1)!.id)
    const second = unwrap(listUsers(admin, 'pm', { name, page: 2 }))
    expect(second.rows.map((r) => r.id)).toEqual(
      made
        .slice(0, 3)
        .map((u) => u.id)
        .reverse(),
    )
    expect(unwrap(listUsers(admin, 'pm', { name, page: 9 })).page).toBe(2)
  })

  test('the all-users list: every pm and pmm with its state, filtered by state', async () => {
    const { admin, pmm, pm, name } = await world()
    const disabled = await makeUser({ role: 'pm', name: `${name} Disabled` })
    const deleted = await makeUser({ role: 'pmm', name: `${name} Deleted` })
    unwrap(setUserEnabled(admin, disabled.id, false))
    unwrap(deleteUser(admin, deleted.id))
    const all = unwrap(listUsers(admin, 'all', { name }))
    expect(Object.fromEntries(all.rows.map((r) => [r.id, r.state]))).toEqual({
      [pmm.id]: 'enabled',
      [pm.id]: 'enabled',
      [disabled.id]: 'disabled',
      [deleted.id]: 'deleted',
    })
    expect(all.rows.find((r) => r.id === deleted.id)!.deletedAt).toBeInstanceOf(Date)
    const states = (state: 'enabled' | 'disabled' | 'deleted') =>
      unwrap(listUsers(admin, 'all', { name, state })).rows.map((r) => r.id)
    expect(states('enabled').sort()).toEqual([pmm.id, pm.id].sort())
    expect(states('disabled')).toEqual([disabled.id])
    expect(states('deleted')).toEqual([deleted.id])
    // Admins are never on it.
    expect(unwrap(listUsers(admin, 'all', { id: admin.id })).total).toBe(0)
  })

  test('pm and pmm may not list users', async () => {
    for (const role of ['pm', 'pmm'] as Role[]) {
      const viewer = await makeUser({ role })
      expect(listUsers(viewer, 'pmm')).toEqual({
        ok: false,
        code: 'forbidden',
        message: USERS_FORBIDDEN_MESSAGE,
      })
      expect(getListedUser(viewer, 'all', viewer.id)).toBeUndefined()
    }
  })

  test('getListedUser: a live user of that list only', async () => {
    const { admin, pmm, pm } = await world()
    expect(getListedUser(admin, 'pmm', pmm.id)).toMatchObject({ id: pmm.id, name: pmm.name })
    expect(getListedUser(admin, 'pmm', pm.id)).toBeUndefined()
    expect(getListedUser(admin, 'all', pm.id)).toMatchObject({ id: pm.id })
    unwrap(deleteUser(admin, pm.id))
    expect(getListedUser(admin, 'all', pm.id)).toBeUndefined()
  })
})

describe('disable and enable', () => {
  test('disabling ends every session and token at once; sign-in says the account is disabled', async () => {
    const { admin, pm } = await world()
    const cookie = createSession(pm.id).token
    const token = createSession(pm.id).token
    expect(getSessionUser(token)?.id).toBe(pm.id)
    const disabled = unwrap(setUserEnabled(admin, pm.id, false))
    expect(disabled.user).toMatchObject({ id: pm.id, isEnable: false, state: 'disabled' })
    expect(getSessionUser(cookie)).toBeUndefined()
    expect(getSessionUser(token)).toBeUndefined()
    expect(await signInAs(pm.email)).toEqual({
      ok: false,
      code: 'disabled',
      message: LOGIN_DISABLED_MESSAGE,
    })
    // Enabling lets them sign in again (the old sessions stay ended).
    expect(unwrap(setUserEnabled(admin, pm.id, true)).user.state).toBe('enabled')
    expect(getSessionUser(token)).toBeUndefined()
    expect(await signInAs(pm.email)).toMatchObject({ ok: true })
    // Both are idempotent.
    expect(unwrap(setUserEnabled(admin, pm.id, true)).user.state).toBe('enabled')
  })

  test('pm and pmm may not enable or disable anyone', async () => {
    const { pmm, pm } = await world()
    for (const viewer of [pm, pmm]) {
      for (const enable of [true, false]) {
        expect(setUserEnabled(viewer, viewer.id === pm.id ? pmm.id : pm.id, enable)).toEqual({
          ok: false,
          code: 'forbidden',
          message: USERS_FORBIDDEN_MESSAGE,
        })
      }
    }
    expect(await signInAs(pm.email)).toMatchObject({ ok: true })
  })

  test('an admin may not disable themselves or another admin', async () => {
    const admin = await makeUser({ role: 'admin' })
    const other = await makeUser({ role: 'admin' })
    const token = createSession(admin.id).token
    expect(setUserEnabled(admin, admin.id, false)).toEqual({
      ok: false,
      code: 'forbidden',
      message: USER_SELF_MESSAGE,
    })
    expect(setUserEnabled(admin, other.id, false)).toEqual({
      ok: false,
      code: 'forbidden',
      message: USER_ADMIN_MESSAGE,
    })
    expect(getSessionUser(token)?.id).toBe(admin.id)
    expect(await signInAs(other.email)).toMatchObject({ ok: true })
  })

  test('an unknown or deleted user', async () => {
    const { admin, pm } = await world()
    expect(setUserEnabled(admin, 999_999_999, false)).toMatchObject({
      code: 'not_found',
      message: USER_NOT_FOUND_MESSAGE,
    })
    unwrap(deleteUser(admin, pm.id))
    for (const enable of [true, false]) {
      expect(setUserEnabled(admin, pm.id, enable)).toMatchObject({
        code: 'conflict',
        message: USER_DELETED_ALREADY_MESSAGE,
      })
    }
  })
})

describe('delete', () => {
  test('a soft delete: sessions end, sign-in refused, off the live lists, products keep the name', async () => {
    const { admin, pmm, name } = await world()
    const product = await makeProduct(pmm, makeRefs())
    const token = createSession(pmm.id).token
    const deleted = unwrap(deleteUser(admin, pmm.id))
    expect(deleted.user).toMatchObject({ id: pmm.id, state: 'deleted' })
    expect(deleted.user.deletedAt).toBeInstanceOf(Date)
    expect(getSessionUser(token)).toBeUndefined()
    expect(await signInAs(pmm.email)).toEqual({
      ok: false,
      code: 'deleted',
      message: LOGIN_DELETED_MESSAGE,
    })
    expect(unwrap(listUsers(admin, 'pmm', { name })).total).toBe(0)
    expect(unwrap(listUsers(admin, 'all', { id: pmm.id })).rows[0].state).toBe('deleted')
    expect(getProductView(admin, product.pId)?.sellerName).toBe(pmm.name)
    // Deleting again is refused.
    expect(deleteUser(admin, pmm.id)).toMatchObject({
      code: 'conflict',
      message: USER_DELETED_ALREADY_MESSAGE,
    })
  })

  test('pm and pmm may not delete; an admin not themselves nor another admin', async () => {
    const { admin, pmm, pm } = await world()
    expect(deleteUser(pm, pmm.id)).toMatchObject({ code: 'forbidden' })
    expect(deleteUser(pmm, pm.id)).toMatchObject({ code: 'forbidden' })
    expect(deleteUser(admin, admin.id)).toMatchObject({
      code: 'forbidden',
      message: USER_SELF_MESSAGE,
    })
    const other = await makeUser({ role: 'admin' })
    expect(deleteUser(admin, other.id)).toMatchObject({
      code: 'forbidden',
      message: USER_ADMIN_MESSAGE,
    })
    expect(deleteUser(admin, 999_999_999)).toMatchObject({ code: 'not_found' })
    expect(unwrap(listUsers(admin, 'all', { id: pm.id })).rows[0].state).toBe('enabled')
  })
})

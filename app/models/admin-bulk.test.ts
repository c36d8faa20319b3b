import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '../../db/client'
import { products, users } from '../../db/schema'
import { makeProduct, makeUser } from '../../server/factories'
import { makeRefs } from '../../tests/api'
import { setProductsStatus, setUsersEnabled, undoAdminBulk } from './admin-bulk.server'
import { setProductStatus } from './product.server'

describe('an admin’s bulk enable and disable', () => {
  test('disables products in one go, naming the one already disabled and an unknown id', async () => {
    const [admin, pmm] = await Promise.all([makeUser({ role: 'admin' }), makeUser({ role: 'pmm' })])
    const [a, b, c] = await Promise.all([
      makeProduct(pmm, makeRefs()),
      makeProduct(pmm, makeRefs()),
      makeProduct(pmm, makeRefs(), { status: 'disabled' }),
    ])
    const result = setProductsStatus(admin, [a.pId, b.pId, c.pId, 99], false)
    expect(result).toMatchObject({
      ok: true,
      changed: 2,
      message: `Disabled 2 products (2 skipped: ${c.pId} already disabled; 99 (No product found with ID 99.)).`,
    })
    const status = (id: number) =>
      db.select({ s: products.status }).from(products).where(eq(products.id, id)).get()?.s
    expect([status(a.id), status(b.id)]).toEqual(['disabled', 'disabled'])
    expect(setProductsStatus(pmm, [a.pId], true)).toMatchObject({ ok: false, code: 'forbidden' })
  })

  test('disables users, never the admin themself, and enables them again', async () => {
    const [admin, pm1, pm2] = await Promise.all([
      makeUser({ role: 'admin' }),
      makeUser({ role: 'pm' }),
      makeUser({ role: 'pm' }),
    ])
    const off = setUsersEnabled(admin, [pm1.id, pm2.id, admin.id], false)
    expect(off).toMatchObject({ ok: true, changed: 2 })
    expect(off.ok && off.message).toMatch(
      new RegExp(`^Disabled 2 users \\(1 skipped: ${admin.name} \\(.+\\)\\)\\.$`),
    )
    const enabled = (id: number) =>
      db.select({ e: users.isEnable }).from(users).where(eq(users.id, id)).get()?.e
    expect([enabled(pm1.id), enabled(pm2.id), enabled(admin.id)]).toEqual([false, false, true])
    expect(setUsersEnabled(admin, [pm1.id, pm2.id], true)).toMatchObject({
      ok: true,
      message: 'Enabled 2 users.',
    })
  })

  test('Undo enables the products again, all or none, within 10 seconds', async () => {
    const [admin, pmm] = await Promise.all([makeUser({ role: 'admin' }), makeUser({ role: 'pmm' })])
    const made = await Promise.all([1, 2, 3].map(() => makeProduct(pmm, makeRefs())))
    const status = () =>
      made.map(
        (p) =>
          db.select({ s: products.status }).from(products).where(eq(products.id, p.id)).get()?.s,
      )
    const at = new Date()
    const off = setProductsStatus(
      admin,
      made.map((p) => p.pId),
      false,
      at,
    )
    expect(off).toMatchObject({ ok: true, changed: 3, message: 'Disabled 3 products.' })
    if (!off.ok) throw new Error('refused')
    expect(off.undoUntil).toEqual(new Date(at.getTime() + 10_000))
    // Another admin may not undo it; after the window nothing is undone.
    const other = await makeUser({ role: 'admin' })
    expect(undoAdminBulk(other, off.batchId!)).toMatchObject({
      ok: false,
      message: 'No such bulk change.',
    })
    expect(undoAdminBulk(admin, off.batchId!, new Date(at.getTime() + 10_001))).toMatchObject({
      ok: false,
      message:
        'Undo is possible for 10 seconds after the change; that time has passed, so nothing was changed.',
    })
    expect(undoAdminBulk(admin, off.batchId!, new Date(at.getTime() + 5000))).toEqual({
      ok: true,
      undone: 3,
      message: 'Undone: 3 products are enabled again.',
    })
    expect(status()).toEqual(['published', 'published', 'published'])
    expect(undoAdminBulk(admin, off.batchId!, new Date(at.getTime() + 6000))).toMatchObject({
      ok: false,
      message: 'This bulk change was already undone; nothing was changed.',
    })

    // A later change to one of them: Undo names it and changes nothing.
    const again = setProductsStatus(
      admin,
      made.map((p) => p.pId),
      false,
    )
    if (!again.ok) throw new Error('refused')
    expect(setProductStatus(admin, made[1]!.pId, 'published')).toMatchObject({ ok: true })
    expect(undoAdminBulk(admin, again.batchId!)).toEqual({
      ok: false,
      code: 'conflict',
      message: `Undo is no longer possible: product ${made[1]!.pId} changed again since; nothing was changed.`,
    })
    expect(status()).toEqual(['disabled', 'published', 'disabled'])
  })

  test('Undo disables the users enabled in bulk again', async () => {
    const admin = await makeUser({ role: 'admin' })
    const pms = await Promise.all([1, 2].map(() => makeUser({ role: 'pm' })))
    const ids = pms.map((u) => u.id)
    expect(setUsersEnabled(admin, ids, false)).toMatchObject({ ok: true, changed: 2 })
    const on = setUsersEnabled(admin, ids, true)
    if (!on.ok) throw new Error('refused')
    expect(on.batchId).toEqual(expect.any(Number))
    expect(undoAdminBulk(admin, on.batchId!)).toEqual({
      ok: true,
      undone: 2,
      message: 'Undone: 2 users are disabled again.',
    })
    const enabled = ids.map(
      (id) => db.select({ e: users.isEnable }).from(users).where(eq(users.id, id)).get()?.e,
    )
    expect(enabled).toEqual([false, false])
  })

  test('nothing changed: nothing to undo', async () => {
    const admin = await makeUser({ role: 'admin' })
    const result = setProductsStatus(admin, [99_999_999], false)
    expect(result).toMatchObject({ ok: true, changed: 0, batchId: null, undoUntil: null })
  })
})

import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '../../db/client'
import { products, users } from '../../db/schema'
import { makeProduct, makeUser } from '../../server/factories'
import { makeRefs } from '../../tests/api'
import { setProductsStatus, setUsersEnabled } from './admin-bulk.server'

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
})

import type { DataFixtures } from './utils'

let n = 0

/**
 * A fresh pmm's product and a fresh pm; `order` stores an order of the pm on it (the factory's
 * defaults for what is not given), with a number unique to this call.
 */
export async function freshProduct(fixtures: DataFixtures, prefix = 'flow') {
  const pmm = await fixtures.insertNewUser({ role: 'pmm', prefix: `${prefix}-pmm` })
  const pm = await fixtures.insertNewUser({ role: 'pm', prefix: `${prefix}-pm` })
  const product = await fixtures.insertNewProduct({ ownerId: pmm.id })
  const { makeOrder } = await import('../server/factories')
  const { db } = await import('../db/client')
  const { products } = await import('../db/schema')
  const { eq } = await import('drizzle-orm')
  const row = db.select().from(products).where(eq(products.id, product.id)).get()!
  const stamp = `${Date.now().toString(36)}-${process.pid}-${++n}`
  type Fields = { prefix: string; name: string; createdAt?: Date; statusId?: string }
  const order = (fields: Fields) =>
    makeOrder({
      product: row,
      user: { id: pm.id },
      orderNumber: `${fields.prefix}-${stamp}-${fields.name}`,
      statusId: fields.statusId,
      createdAt: fields.createdAt,
    })
  return { pmm, pm, product, order }
}

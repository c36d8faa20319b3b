import crypto from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { db } from '../../db/client'
import { products } from '../../db/schema'

export type Product = typeof products.$inferSelect
export type NewProductRow = Omit<typeof products.$inferInsert, 'pId' | 'id'>

export const DEFAULT_INSTRUCTION =
  'Please leave a 5 star positive review of 3-4 lines. Search the product by keywords only. Leave the review 4-5 days after receiving the product. The refund takes 3-4 working days after the review goes live (weekends excluded).'
export const DEFAULT_REFUND_POLICY =
  'Refund after the review: the product price plus the fee is covered.'
export const DEFAULT_COMMISSION_POLICY =
  'Commission is paid after the review. No commission on deleted reviews.'

/** A random 6-digit product id that no product has ever had. */
function unusedProductId(): number {
  for (;;) {
    const pId = crypto.randomInt(100000, 1000000)
    const taken = db.select({ id: products.id }).from(products).where(eq(products.pId, pId)).get()
    if (!taken) return pId
  }
}

export function insertProduct(row: NewProductRow) {
  return db
    .insert(products)
    .values({ ...row, pId: unusedProductId() })
    .returning()
    .get()
}

/** Counts for the admin dashboard, in SQL. */
export function productCounts() {
  const row = db
    .select({
      total: sql<number>`count(*)`,
      published: sql<number>`coalesce(sum(case when ${products.status} = 'published' then 1 else 0 end), 0)`,
      disabled: sql<number>`coalesce(sum(case when ${products.status} = 'disabled' then 1 else 0 end), 0)`,
    })
    .from(products)
    .get()
  return { total: row?.total ?? 0, published: row?.published ?? 0, disabled: row?.disabled ?? 0 }
}

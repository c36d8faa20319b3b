/**
 * Builds the benchmark dataset in DATA_DIR (set by the caller before this module loads):
 * 1,000 users, 10,000 products, 100,000 orders, 5,000 active reservations, each but the users
 * times `scale` (BENCH_SCALE=10: 100,000 products and a million orders). Rows are written in
 * large transactions (the app's own model functions write one row at a time, which would take
 * minutes here); pictures, pIds and statuses come from the same factories and migrations.
 */
import { sql } from 'drizzle-orm'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import { db, refreshPlannerStatistics } from '../db/client'
import { demoPasswordHash, makePicture } from '../server/factories'
import { orders, products, reservations, users } from '../db/schema'
import { insertCategory, insertChineseSeller, insertMarket } from '../app/models/lookup.server'
import { listStatuses } from '../app/models/order.server'

const DAY = 86_400_000

/**
 * The heavy pair: a pmm whose 100 products hold, and a pm who made, 100,000 orders each (the same
 * orders), for the reports per role; the other users' orders are spread thin.
 */
export const HEAVY_ORDERS = 100_000
export const HEAVY_MANAGER = 'bench-heavy-pmm@example.test'
export const HEAVY_MARKETER = 'bench-heavy-pm@example.test'

type Lookups = {
  markets: Array<{ id: number }>
  sellers: Array<{ id: number }>
  categories: Array<{ id: number }>
}

/** What every bench product shares; the caller sets its owner, names, limits and status. */
function productRow(i: number, lookups: Lookups, imageId: string) {
  return {
    marketId: lookups.markets[i % lookups.markets.length]!.id,
    chineseSellerId: lookups.sellers[i % lookups.sellers.length]!.id,
    categoryId: lookups.categories[i % lookups.categories.length]!.id,
    websiteCommission: 150,
    limitPerDay: 1000,
    instruction: 'Bench instruction',
    refundPolicy: 'Bench refund',
    commissionPolicy: 'Bench commission',
    imageId,
    screenshotId: imageId,
  }
}

/** Order `i` of a numbered series (`B-`, `H-`), created at `createdAt`. */
function orderRow(
  prefix: string,
  i: number,
  product: { id: number; marketId: number },
  userId: number,
  statusId: string,
  createdAt: Date,
) {
  return {
    orderNumber: `${prefix}-${i}`,
    orderNumberKey: `${prefix.toLowerCase()}-${i}`,
    productId: product.id,
    marketId: product.marketId,
    userId,
    customerEmail: `buyer${i % 5000}@example.test`,
    statusId,
    commission: 800,
    createdAt,
    updatedAt: createdAt,
    quotaAt: createdAt,
  }
}

/**
 * Inserts rows 0 to `count` - 1 in one transaction, one statement per `size` rows (SQLite caps
 * a statement's parameters); each batch is built only when it is written (a million orders
 * would not fit in memory at once).
 */
function insertInBatches<T extends SQLiteTable>(
  table: T,
  count: number,
  size: number,
  row: (i: number) => T['$inferInsert'],
) {
  db.transaction((tx) => {
    for (let start = 0; start < count; start += size) {
      const batch = Array.from({ length: Math.min(size, count - start) }, (_, j) => row(start + j))
      tx.insert(table).values(batch).run()
    }
  })
}

function heavyUsers(hash: string, offset: number, lookups: Lookups & { imageId: string }) {
  const [manager, marketer] = (['pmm', 'pm'] as const).map(
    (role) =>
      db
        .insert(users)
        .values({
          name: role === 'pmm' ? 'Bench Heavy Manager' : 'Bench Heavy Marketer',
          email: role === 'pmm' ? HEAVY_MANAGER : HEAVY_MARKETER,
          passwordHash: hash,
          role,
          city: 'Lahore',
          country: 'Pakistan',
        })
        .returning({ id: users.id })
        .get().id,
  )
  const rows = Array.from({ length: 100 }, (_, i) => ({
    ...productRow(i, lookups, lookups.imageId),
    pId: 2_000_000 + offset + i,
    ownerId: manager!,
    keywords: `heavy keyword ${i}`,
    brandName: `Heavy Brand ${i}`,
    soldBy: `Heavy Store ${i}`,
    commission: 800,
    limit: 1_000_000,
    status: 'published' as const,
  }))
  const made = db
    .insert(products)
    .values(rows)
    .returning({ id: products.id, marketId: products.marketId })
    .all()
  return { manager: manager!, marketer: marketer!, products: made }
}

export async function buildDataset(scale = 1) {
  const productCount = 10_000 * scale
  const orderCount = 100_000 * scale
  const hash = await demoPasswordHash()
  const now = Date.now()
  const markets = ['US', 'UK', 'DE', 'FR', 'IT', 'ES', 'CA'].map((s) =>
    insertMarket(`Amazon ${s}`, s),
  )
  const categories = Array.from({ length: 12 }, (_, i) => insertCategory(`Category ${i + 1}`))
  const sellers = Array.from({ length: 40 }, (_, i) => insertChineseSeller(`深圳卖家 ${i + 1}`))
  const [imageId, screenshotId] = [await makePicture(1, 'product'), await makePicture(2, 'product')]
  const statuses = listStatuses()

  const userRows = Array.from({ length: 1000 }, (_, i) => ({
    name: `Bench User ${i + 1}`,
    email: `bench${i + 1}@example.test`,
    passwordHash: hash,
    role: (i < 100 ? 'pmm' : 'pm') as 'pm' | 'pmm',
    city: 'Lahore',
    country: 'Pakistan',
  }))
  insertInBatches(users, userRows.length, 500, (i) => userRows[i]!)
  const managers = db
    .select({ id: users.id })
    .from(users)
    .where(sql`role = 'pmm'`)
    .all()
  const marketers = db
    .select({ id: users.id })
    .from(users)
    .where(sql`role = 'pm'`)
    .all()

  const pIds = new Set<number>()
  while (pIds.size < productCount) pIds.add(100000 + Math.floor(Math.random() * 900000))
  const productRows = [...pIds].map((pId, i) => ({
    ...productRow(i, { markets, sellers, categories }, imageId),
    pId,
    ownerId: managers[i % managers.length].id,
    keywords: `bench keyword ${i} ${i % 97}`,
    brandName: `Bench Brand ${i}`,
    soldBy: `Bench Store ${i % 300}`,
    commission: 500 + (i % 20) * 50,
    limit: 100_000,
    screenshotId,
    status: (i % 10 === 9 ? 'disabled' : 'published') as 'published' | 'disabled',
  }))
  insertInBatches(products, productRows.length, 500, (i) => productRows[i]!)
  const productIds = db
    .select({ id: products.id, marketId: products.marketId })
    .from(products)
    .all()

  insertInBatches(orders, orderCount, 1000, (i) => {
    const p = productIds[(i * 7919) % productIds.length]
    const createdAt = new Date(now - ((i * 104729) % (730 * DAY)))
    const userId = marketers[i % marketers.length].id
    return orderRow('B', i, p, userId, statuses[i % statuses.length].id, createdAt)
  })

  const heavy = heavyUsers(hash, productRows.length, { markets, sellers, categories, imageId })
  insertInBatches(orders, HEAVY_ORDERS, 1000, (i) => {
    const p = heavy.products[i % heavy.products.length]!
    // Older than every other order, in their own days: a report of the other orders' days
    // holds none of them.
    const createdAt = new Date(now - 800 * DAY - ((i * 104729) % (730 * DAY)))
    return orderRow('H', i, p, heavy.marketer, statuses[i % statuses.length].id, createdAt)
  })

  insertInBatches(reservations, 5000 * scale, 500, (i) => ({
    productId: productIds[(i * 31) % productIds.length].id,
    userId: marketers[i % marketers.length].id,
    createdAt: new Date(now),
    expiresAt: new Date(now + 55 * 60_000),
  }))
  // The planner's statistics as the server's sweeper measures them in production, no more.
  refreshPlannerStatistics()
  return {
    users: userRows.length + 2,
    products: productRows.length + heavy.products.length,
    orders: orderCount + HEAVY_ORDERS,
    reservations: 5000 * scale,
  }
}

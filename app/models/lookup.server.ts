import { asc, getTableName } from 'drizzle-orm'
import type { AnySQLiteTable } from 'drizzle-orm/sqlite-core'
import { db, sqlite } from '../../db/client'
import { categories, chineseSellers, markets } from '../../db/schema'
import { missingVersionTriggers } from '../../db/version-triggers'
import { dataVersion } from './versions.server'

/**
 * A lookup list kept in memory until a market, category, Chinese seller or order status is written (by any
 * process: see dataVersion): nearly every page offers one, and reading them cost a products page
 * more than its count. The rows are frozen, since every request shares them.
 */
export function remembered<Row extends object>(table: AnySQLiteTable, read: () => Row[]) {
  // Only a write that bumps the lookups' version is seen: refuse, at load, a table without the
  // triggers that do (db/version-triggers.ts prints them for a migration).
  const missing = missingVersionTriggers(sqlite, [getTableName(table)], 'lookups')
  if (missing.length)
    throw new Error(
      `A lookup cannot be kept in memory without version triggers, missing for: ${missing.join('; ')}. ` +
        'Add them by a migration (db/version-triggers.ts prints them).',
    )
  let known: { version: number; rows: readonly Readonly<Row>[] } | undefined
  return () => {
    // Read first: a write landing during the read makes the next request read again.
    const version = dataVersion('lookups')
    if (known?.version !== version) {
      known = { version, rows: Object.freeze(read().map((row) => Object.freeze(row))) }
    }
    return known.rows
  }
}

export const listMarkets = remembered(markets, () =>
  db.select().from(markets).orderBy(asc(markets.name)).all(),
)

export const listCategories = remembered(categories, () =>
  db.select().from(categories).orderBy(asc(categories.name)).all(),
)

export const listChineseSellers = remembered(chineseSellers, () =>
  db.select().from(chineseSellers).orderBy(asc(chineseSellers.name)).all(),
)

export function insertMarket(name: string, shortName: string) {
  return db.insert(markets).values({ name, shortName }).returning().get()
}

export function insertCategory(name: string) {
  return db.insert(categories).values({ name }).returning().get()
}

export function insertChineseSeller(name: string) {
  return db.insert(chineseSellers).values({ name }).returning().get()
}

/** The choices of the product filters and the ADD form. */
export function productLookups() {
  return { markets: listMarkets(), categories: listCategories(), sellers: listChineseSellers() }
}

import { asc } from 'drizzle-orm'
import { db } from '../../db/client'
import { categories, chineseSellers, markets } from '../../db/schema'
import { dataVersion } from './versions.server'

/**
 * A lookup list kept in memory until a market, category, Chinese seller or order status is written (by any
 * process: see dataVersion): nearly every page offers one, and reading them cost a products page
 * more than its count. The rows are frozen, since every request shares them.
 */
export function remembered<Row extends object>(read: () => Row[]) {
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

export const listMarkets = remembered(() =>
  db.select().from(markets).orderBy(asc(markets.name)).all(),
)

export const listCategories = remembered(() =>
  db.select().from(categories).orderBy(asc(categories.name)).all(),
)

export const listChineseSellers = remembered(() =>
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

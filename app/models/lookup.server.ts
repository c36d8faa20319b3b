import { asc } from 'drizzle-orm'
import { db } from '../../db/client'
import { categories, chineseSellers, markets } from '../../db/schema'

export function listMarkets() {
  return db.select().from(markets).orderBy(asc(markets.name)).all()
}

export function listCategories() {
  return db.select().from(categories).orderBy(asc(categories.name)).all()
}

export function listChineseSellers() {
  return db.select().from(chineseSellers).orderBy(asc(chineseSellers.name)).all()
}

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

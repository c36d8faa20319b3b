import { and, desc, eq, notInArray } from 'drizzle-orm'
import { db } from '../../db/client'
import { listPlaces } from '../../db/schema'

/**
 * Where each user last left each list (product.md, Lists: "the last filters, sort and page of each
 * list are remembered per user on the server"): the list's own query parameters, as a query
 * string. Kept in the database, so it follows the user across browsers, tabs and processes.
 */

/** The query a user last had on a list and when it was remembered, if one is. */
export function rememberedListPlace(userId: number, list: string) {
  return db
    .select({ query: listPlaces.query, updatedAt: listPlaces.updatedAt })
    .from(listPlaces)
    .where(and(eq(listPlaces.userId, userId), eq(listPlaces.list, list)))
    .get()
}

/** Places kept per user (there are about a dozen lists); past it the oldest go. */
export const MAX_LIST_PLACES = 32
/** A remembered query longer than this (no list's filters come near it) is not kept. */
export const MAX_LIST_QUERY = 2000

/**
 * Remembers a user's query on a list; an empty one (the list as it opens) forgets it. Written only
 * when it changed, so paging through a list does not write on every view twice.
 */
export function rememberListQuery(userId: number, list: string, query: string) {
  const known = rememberedListPlace(userId, list)?.query
  if (query === (known ?? '')) return
  if (!query || query.length > MAX_LIST_QUERY) return forgetListPlace(userId, list)
  db.transaction((tx) => {
    tx.insert(listPlaces)
      .values({ userId, list, query, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: [listPlaces.userId, listPlaces.list],
        set: { query, updatedAt: new Date() },
      })
      .run()
    const kept = tx
      .select({ list: listPlaces.list })
      .from(listPlaces)
      .where(eq(listPlaces.userId, userId))
      .orderBy(desc(listPlaces.updatedAt))
      .limit(MAX_LIST_PLACES)
      .all()
      .map((r) => r.list)
    tx.delete(listPlaces)
      .where(and(eq(listPlaces.userId, userId), notInArray(listPlaces.list, kept)))
      .run()
  })
}

/** Forgets a user's place on a list ('Clear filters'). */
export function forgetListPlace(userId: number, list: string) {
  db.delete(listPlaces)
    .where(and(eq(listPlaces.userId, userId), eq(listPlaces.list, list)))
    .run()
}

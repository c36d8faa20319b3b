import { and, desc, eq, notInArray, sql } from 'drizzle-orm'
import { db } from '../../db/client'
import { listPlaces } from '../../db/schema'

/**
 * Where each user last left each list (product.md, Lists: "the last filters, sort and page of each
 * list are remembered per user on the server"): the list's own query parameters, as a query
 * string. Kept in the database, so it follows the user across browsers, tabs and processes.
 */

// Prepared once: every list view reads its place, and most write it.
const onePlace = and(
  eq(listPlaces.userId, sql.placeholder('userId')),
  eq(listPlaces.list, sql.placeholder('list')),
)
const placeOf = db
  .select({ query: listPlaces.query, updatedAt: listPlaces.updatedAt })
  .from(listPlaces)
  .where(onePlace)
  .prepare()
const movePlace = db
  .update(listPlaces)
  .set({ query: sql`${sql.placeholder('query')}`, updatedAt: sql`${sql.placeholder('now')}` })
  .where(onePlace)
  .prepare()

/** The query a user last had on a list and when it was remembered, if one is. */
export function rememberedListPlace(userId: number, list: string) {
  return placeOf.get({ userId, list })
}

/** Places kept per user (there are about a dozen lists); past it the oldest go. */
export const MAX_LIST_PLACES = 32
/** A remembered query longer than this (no list's filters come near it) is not kept. */
export const MAX_LIST_QUERY = 2000

/**
 * Remembers a user's query on a list; an empty one (the list as it opens) forgets it. Written only
 * when it changed, so paging through a list does not write on every view twice. A place the user
 * has is moved in one statement (the number kept is the same); a new one is added and the oldest
 * past MAX_LIST_PLACES go, in one transaction.
 */
export function rememberListQuery(userId: number, list: string, query: string) {
  const known = rememberedListPlace(userId, list)?.query
  if (query === (known ?? '')) return
  if (!query || query.length > MAX_LIST_QUERY) return forgetListPlace(userId, list)
  const now = Date.now()
  if (known !== undefined && movePlace.run({ userId, list, query, now }).changes > 0) return
  db.transaction((tx) => {
    tx.insert(listPlaces)
      .values({ userId, list, query, updatedAt: new Date(now) })
      .onConflictDoUpdate({
        target: [listPlaces.userId, listPlaces.list],
        set: { query, updatedAt: new Date(now) },
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

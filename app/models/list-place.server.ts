import { and, eq } from 'drizzle-orm'
import { db } from '../../db/client'
import { listPlaces } from '../../db/schema'

/**
 * Where each user last left each list (product.md, Lists: "the last filters, sort and page of each
 * list are remembered per user on the server"): the list's own query parameters, as a query
 * string. Kept in the database, so it follows the user across browsers, tabs and processes.
 */

/** The query a user last had on a list, if one is remembered. */
export function rememberedListQuery(userId: number, list: string): string | undefined {
  return db
    .select({ query: listPlaces.query })
    .from(listPlaces)
    .where(and(eq(listPlaces.userId, userId), eq(listPlaces.list, list)))
    .get()?.query
}

/**
 * Remembers a user's query on a list; an empty one (the list as it opens) forgets it. Written only
 * when it changed, so paging through a list does not write on every view twice.
 */
export function rememberListQuery(userId: number, list: string, query: string) {
  const known = rememberedListQuery(userId, list)
  if (query === (known ?? '')) return
  if (!query) return forgetListPlace(userId, list)
  db.insert(listPlaces)
    .values({ userId, list, query, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [listPlaces.userId, listPlaces.list],
      set: { query, updatedAt: new Date() },
    })
    .run()
}

/** Forgets a user's place on a list ('Clear filters'). */
export function forgetListPlace(userId: number, list: string) {
  db.delete(listPlaces)
    .where(and(eq(listPlaces.userId, userId), eq(listPlaces.list, list)))
    .run()
}

import { or, sql, type SQL, type SQLWrapper } from 'drizzle-orm'

/** `text` with LIKE's wildcards escaped, so a user's `%` or `_` matches itself. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * Free-text search: any of the columns contains the trimmed text (case-insensitively for ASCII,
 * as SQLite's LIKE does). No text, no condition.
 */
export function containsText(text: string | undefined, ...columns: SQLWrapper[]): SQL | undefined {
  const trimmed = text?.trim()
  if (!trimmed) return undefined
  const pattern = `%${escapeLike(trimmed)}%`
  return or(...columns.map((column) => sql`${column} like ${pattern} escape '\\'`))
}

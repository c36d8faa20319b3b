import { or, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { sqlite } from '../../db/client'

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

/** The fewest characters a trigram index can find: a shorter part is searched with LIKE. */
const TRIGRAM = 3

/**
 * A trigram index's matches of a part of the text, at most this many counted: more, and the part
 * is too common for the index to help (a list read in its own order fills a page at once).
 */
const SELECTIVE_BELOW = 2000

/** How many rows (up to SELECTIVE_BELOW) an index finds for a query: one statement per index. */
const probes = new Map<string, ReturnType<typeof sqlite.prepare>>()
function probe(table: string) {
  let statement = probes.get(table)
  if (!statement) {
    statement = sqlite.prepare(
      `select count(*) as n from (select 1 from "${table}" where "${table}" match ? limit ${SELECTIVE_BELOW})`,
    )
    probes.set(table, statement)
  }
  return statement
}

/** An FTS5 query for one column holding `text` anywhere: a quoted phrase, quotes doubled. */
const phraseIn = (column: string, text: string) => `${column} : "${text.replaceAll('"', '""')}"`

/**
 * Free-text search of one column that a trigram index (`index`, an FTS5 table whose rowid is the
 * table's id) covers. A part of three characters or more that few rows hold is looked up in the
 * index (`selective`: the list then reads those rows, not its whole table); a shorter or common
 * part is `containsText`, read along the list's own index, which meets it at once. The same rows
 * either way: the index folds case as LIKE does (and beyond ASCII).
 */
export function indexedContains(
  text: string | undefined,
  index: { table: string; column: string },
  id: SQLWrapper,
  column: SQLWrapper,
): { where: SQL; selective: boolean } | undefined {
  const trimmed = text?.trim()
  if (!trimmed) return undefined
  const like = { where: containsText(trimmed, column)!, selective: false }
  if ([...trimmed].length < TRIGRAM) return like
  const query = phraseIn(index.column, trimmed)
  const found = probe(index.table).get(query) as { n: number }
  if (found.n >= SELECTIVE_BELOW) return like
  return {
    where: sql`${id} in (select rowid from ${sql.identifier(index.table)} where ${sql.identifier(index.table)} match ${query})`,
    selective: true,
  }
}

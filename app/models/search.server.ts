import { or, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { sqlite } from '../../db/client'
import { onceUntilWritten } from './versions.server'

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
 * A trigram index's matches of a part of the text, at most this many counted by default: more,
 * and the part is too common for the index to help (a list read in its own order fills a page at
 * once). An index names its own bound (`TrigramIndex.selectiveBelow`).
 */
const SELECTIVE_BELOW = 2000

const probeSql = (table: string, bound: number) =>
  `select count(*) from (select 1 from "${table}" where "${table}" match ? limit ${bound})`

/**
 * How many rows (up to `bound`) an index finds for an FTS5 query: one statement per index and
 * bound (a query's selectiveness, a trigram's count).
 */
const probes = new Map<string, ReturnType<typeof sqlite.prepare>>()
function rowsFound(table: string, bound: number, query: string): number {
  const key = `${table}\u0000${bound}`
  let statement = probes.get(key)
  if (!statement) {
    statement = sqlite.prepare(probeSql(table, bound)).pluck()
    probes.set(key, statement)
  }
  return Number(statement.get(query))
}

/**
 * `rowsFound`, remembered until the index's table is written (`onceUntilWritten`): whether a part
 * is selective, asked again at each view of a search (1.2 ms for a part 4,300 orders hold).
 */
function matchesUpTo(table: string, bound: number, query: string): number {
  return onceUntilWritten('found', probeSql(table, bound), [query], () =>
    rowsFound(table, bound, query),
  )
}

/** A quoted FTS5 string, quotes doubled. */
const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`

/** The distinct trigrams of a text, as the index folds them (case-insensitively). */
export function trigramsOf(text: string): string[] {
  const chars = [...text.toLowerCase()]
  const found = new Set<string>()
  for (let i = 0; i + TRIGRAM <= chars.length; i++) found.add(chars.slice(i, i + TRIGRAM).join(''))
  return [...found]
}

/** The trigrams a query ANDs: the rarest few (more read more of the index and narrow little). */
const QUERY_TRIGRAMS = 3

/** Rows of a trigram counted up to this many: beyond, a trigram is common and its count no matter. */
const COUNTED_UP_TO = 50_000

/** How long a trigram's count is trusted: it only chooses which trigrams a query reads. */
const COUNT_TRUSTED_MS = 10 * 60_000
const counted = new Map<string, { rows: number; at: number }>()

/**
 * How many rows (up to COUNTED_UP_TO) hold a trigram in an index, remembered for a
 * while. Counting reads the trigram's list in the index as far as the bound: at a million orders
 * about 0.2 ms for a rare trigram, 2-4 ms for one every order holds (the index's own vocabulary,
 * fts5vocab, reads the whole list: 40 ms).
 */
function rowsHolding(index: TrigramIndex, trigram: string, now: number) {
  const key = `${index.table}\u0000${trigram}`
  const known = counted.get(key)
  if (known && now - known.at < COUNT_TRUSTED_MS) return known.rows
  const rows = rowsFound(index.table, COUNTED_UP_TO, quoted(trigram))
  if (counted.size >= 20_000) counted.clear()
  counted.set(key, { rows, at: now })
  return rows
}

/**
 * The FTS5 query for rows whose column holds each of the text's rarest trigrams: a superset of
 * the rows holding the text (the trigrams may stand apart), which the caller narrows with LIKE. A
 * phrase of every trigram read each one's whole list: 43 ms for an email at a million orders,
 * where its three rarest trigrams take 0.7 ms.
 */
function rarestTrigrams(index: TrigramIndex, text: string) {
  const now = Date.now()
  const rarest = trigramsOf(text)
    .map((trigram) => ({ trigram, rows: rowsHolding(index, trigram, now) }))
    .sort((a, b) => a.rows - b.rows)
    .slice(0, QUERY_TRIGRAMS)
    // A common trigram's list narrows little and costs a read of its length.
    .filter((r, i) => i === 0 || r.rows < COUNTED_UP_TO)
  return rarest.map((r) => quoted(r.trigram)).join(' AND ')
}

/**
 * An FTS5 table with the trigram tokenizer whose rowid is a table's id; every column it holds is
 * searched (one index per column searched alone: a column filter still reads the other columns'
 * rows of a trigram, migration 0025). `selectiveBelow` (default 2,000): up to how many matching rows the index is read rather than the
 * list's own index; higher where a list cannot be read in its order (a manager's orders come from
 * a hundred products and are sorted whole, so the index wins until its rows cost as much).
 */
export type TrigramIndex = { table: string; selectiveBelow?: number }

/**
 * Free-text search of columns that a trigram index (`index`) covers: the rows where any of
 * `columns` contains the trimmed text, as `containsText` finds them. A part of three characters
 * or more whose rarest trigrams few rows hold is looked up in the index (`selective`: the list
 * then reads those rows, each checked with LIKE, not its whole table); a shorter or common part
 * is `containsText` read along the list's own index, which meets it at once.
 */
export function indexedContains(
  text: string | undefined,
  index: TrigramIndex,
  id: SQLWrapper,
  ...columns: SQLWrapper[]
): { where: SQL; selective: false } | { where: SQL; selective: true; matches: number } | undefined {
  const trimmed = text?.trim()
  if (!trimmed) return undefined
  const like = containsText(trimmed, ...columns)!
  if ([...trimmed].length < TRIGRAM) return { where: like, selective: false }
  const query = rarestTrigrams(index, trimmed)
  const bound = index.selectiveBelow ?? SELECTIVE_BELOW
  const matches = matchesUpTo(index.table, bound, query)
  if (matches >= bound) return { where: like, selective: false }
  const table = sql.identifier(index.table)
  return {
    where: sql`(${id} in (select rowid from ${table} where ${table} match ${query}) and ${like})`,
    selective: true,
    matches,
  }
}

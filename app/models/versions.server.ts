import { sqlite } from '../../db/client'
import { VERSION_IDS, type VersionGroup } from '../../db/version-triggers'

/**
 * Numbers that triggers bump in the same transaction as a write, whichever process writes, so
 * what is kept in memory knows when to read again:
 * - `list_versions` per group: `lookups`, markets, categories, Chinese sellers (0008) and order
 *   statuses (0010), which forms and filters offer;
 * - `data_versions` per table and column (0026, below): what the paged lists count.
 * `db/version-triggers.ts` makes those triggers for a new table and checks they exist.
 */
const readers = new Map<VersionGroup, () => number>()

/** The current version of a group of tables. */
export function dataVersion(tables: VersionGroup): number {
  let read = readers.get(tables)
  if (!read) {
    const statement = sqlite.prepare('select version from list_versions where id = ?').pluck()
    read = () => statement.get(VERSION_IDS[tables]) as number
    readers.set(tables, read)
  }
  return read()
}

// ---------------------------------------------------------------------------------------------
// Data versions (migration 0026): per table and column, for what lists remember.

/** The tables with data versions and their columns, and the full-text indexes of their columns. */
type Schema = {
  columns: Map<string, Set<string>>
  indexOf: Map<string, { table: string; columns: string[] }>
  others: Set<string>
}
let schema: Schema | undefined

function readSchema(): Schema {
  const columns = new Map<string, Set<string>>()
  for (const name of sqlite
    .prepare(`select name from data_versions where name not like '%.%'`)
    .pluck()
    .all() as string[]) {
    const names = sqlite.prepare('select name from pragma_table_info(?)').pluck().all(name)
    columns.set(name, new Set(names as string[]))
  }
  const indexOf = new Map<string, { table: string; columns: string[] }>()
  const others = new Set<string>()
  for (const { name, sql } of sqlite
    .prepare(`select name, sql from sqlite_master where type in ('table', 'view')`)
    .all() as { name: string; sql: string | null }[]) {
    if (columns.has(name)) continue
    // An external-content full-text index holds its columns of its table (kept by triggers).
    const args = /^create virtual table\s+\S+\s+using\s+fts5\s*\(([\s\S]*)\)\s*$/i.exec(
      sql ?? '',
    )?.[1]
    const table = args && /\bcontent\s*=\s*'([^']+)'/i.exec(args)?.[1]
    if (table && columns.has(table)) {
      const named = args!.split(',').flatMap((arg) => {
        const column = arg.trim().replace(/^[`"[]|[`"\]]$/g, '')
        return arg.includes('=') ? [] : [column]
      })
      const known = named.every((c) => columns.get(table)!.has(c))
      indexOf.set(name, { table, columns: known ? named : [...columns.get(table)!] })
    } else others.add(name)
  }
  return { columns, indexOf, others }
}

/**
 * What a statement reads among the tables with data versions, as the names of their rows in
 * `data_versions`: each table it names (its inserts and deletes) and each column of one that it
 * names, qualified or not. A column whose table is not certain (an alias, a bare name) counts for
 * every table named that has such a column; `*` for all their columns; a full-text index for the
 * columns it holds of its table (or all of them, if its declaration cannot be read). A table without data versions is refused, since nothing would
 * tell a remembered answer that it changed.
 */
export function dataReadBy(text: string): string[] {
  schema ??= readSchema()
  const { columns, indexOf, others } = schema
  // String literals are skipped, `count(*)` reads no column; identifiers are quoted or bare.
  const token =
    /'(?:[^']|'')*'|\(\s*\*\s*\)|"((?:[^"]|"")*)"|`((?:[^`]|``)*)`|\[([^\]]*)\]|([A-Za-z_][\w$]*)|(\.)|(\*)/g
  const parts: string[] = []
  for (const m of text.matchAll(token)) {
    const word = m[1] ?? m[2] ?? m[3] ?? m[4]
    if (word !== undefined) parts.push(word.replace(/""|``/g, (q) => q[0]!))
    else parts.push(m[5] ? '.' : m[6] ? '*' : '')
  }
  for (const word of parts)
    if (others.has(word))
      throw new Error(
        `A remembered answer cannot read "${word}": it has no data versions (db/version-triggers.ts).`,
      )
  const named = new Set(
    parts.flatMap((word) => indexOf.get(word)?.table ?? (columns.has(word) ? [word] : [])),
  )
  const names = new Set<string>(named)
  const add = (table: string, column: string) => {
    if (columns.get(table)!.has(column)) names.add(`${table}.${column}`)
  }
  const anyOf = (column: string) => {
    for (const table of named) add(table, column)
  }
  const whole = (table: string) => {
    for (const column of columns.get(table)!) names.add(`${table}.${column}`)
  }
  for (let i = 0; i < parts.length; i++) {
    const word = parts[i]!
    if (word === '*') named.forEach(whole)
    if (word === '' || word === '.' || word === '*') continue
    const indexed = indexOf.get(word)
    if (indexed) for (const column of indexed.columns) add(indexed.table, column)
    if (parts[i + 1] !== '.') {
      if (!columns.has(word) && !indexed) anyOf(word)
      continue
    }
    const column = parts[i + 2]
    i += 2
    if (column === undefined || column === '' || column === '.') continue
    if (!columns.has(word)) {
      if (column === '*') named.forEach(whole)
      else anyOf(column)
    } else if (column === '*' || (!isRowid(column) && !columns.get(word)!.has(column))) whole(word)
    else add(word, column)
  }
  return [...names].sort()
}

/** The row's id under its other names, which never changes. */
const isRowid = (column: string) => /^(rowid|oid|_rowid_)$/i.test(column)

// What each statement text reads (`dataReadBy`), as a JSON list of names.
const readsByText = new Map<string, string>()
let versionStatement: { get: (names: string) => unknown } | undefined

/**
 * The version of what a statement reads (`dataReadBy`): a sum of numbers that only go up, so it
 * changes with any write to one of them, whichever process writes. One statement for all.
 */
export function dataVersionOf(text: string): number {
  let names = readsByText.get(text)
  if (names === undefined) {
    names = JSON.stringify(dataReadBy(text))
    if (readsByText.size >= 1000) readsByText.clear()
    readsByText.set(text, names)
  }
  versionStatement ??= sqlite
    .prepare(
      'select total(version) from data_versions where name in (select value from json_each(?))',
    )
    .pluck()
  return versionStatement.get(names) as number
}

let rowsStatement: { get: (table: string) => unknown } | undefined

/** A table's row count as the insert and delete triggers keep it (migration 0026). */
export function keptRowCount(table: string): number {
  rowsStatement ??= sqlite.prepare('select rows from data_versions where name = ?').pluck()
  const rows = rowsStatement.get(table)
  if (typeof rows !== 'number') throw new Error(`"${table}" has no kept row count (data_versions).`)
  return rows
}

// What a query answered, by its text and values, with the version of what it reads.
const readAt = new Map<string, { version: number; answer: unknown }>()

/**
 * `read()`'s answer for a statement (`text`, with its values `params`), read again only when
 * what it reads has been written since: the data versions of its tables and columns
 * (`dataVersionOf`), which triggers bump in the same transaction as the write, whichever process
 * writes. A status change leaves a count that does not filter on the status remembered.
 */
export function onceUntilWritten<T>(
  kind: string,
  text: string,
  params: unknown[],
  read: () => T,
): T {
  // Read first: a write landing during the read makes the next request read again.
  const version = dataVersionOf(text)
  const key = `${kind}\u0000${text}\u0000${JSON.stringify(params)}`
  const known = readAt.get(key)
  if (known?.version === version) return known.answer as T
  const answer = read()
  if (readAt.size >= 1000) readAt.clear()
  readAt.set(key, { version, answer })
  return answer
}

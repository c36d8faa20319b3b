import { and, asc, desc, getTableName, inArray, sql, type SQL } from 'drizzle-orm'
import type { AnySQLiteColumn, AnySQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Statement } from 'better-sqlite3'
import { db, sqlite } from '../../db/client'
import { markets, orders, products, scammerPaypals, users } from '../../db/schema'
import { missingDataVersions } from '../../db/version-triggers'
import type { SortDirection } from '~/schemas/list-queries'
import { dataVersionOf, keptRowCount, onceUntilWritten } from './versions.server'

/** Lists show 25 rows a page (product.md, Lists). */
export const PAGE_SIZE = 25

export type Page<Row> = { rows: Row[]; total: number; page: number; pageCount: number }

/**
 * One page of a list by deferred join: the count and the page's ids come from narrow queries that
 * an index covers, and only those ids are joined for their columns, so page 350 costs what page 1
 * does. A page past the end shows the last one.
 */
export function paginate<Row>(options: {
  page: number | undefined
  count: () => number
  ids: (limit: number, offset: number, total: number) => number[]
  rows: (ids: number[]) => Row[]
}): Page<Row> {
  const total = options.count()
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE))
  const page = Math.min(Math.max(1, options.page ?? 1), pageCount)
  const ids = options.ids(PAGE_SIZE, (page - 1) * PAGE_SIZE, total)
  return { rows: ids.length ? options.rows(ids) : [], total, page, pageCount }
}

// Statements by their SQL text and how they answer. A list or a report builds its queries from the
// filters asked for, so the text differs only by which filters are set: a few dozen shapes, each
// compiled by SQLite once instead of on every page view (values are bound, never part of the
// text). A statement answers one way (`pluck` and `raw` change it), hence one per way.
const statements = new Map<string, Statement>()

/**
 * `text` prepared once, answering rows as their first column (`pluck`), as arrays (`raw`) or as
 * objects by column name (`objects`).
 */
export function preparedOnce(text: string, answers: 'pluck' | 'raw' | 'objects'): Statement {
  const key = `${answers} ${text}`
  let statement = statements.get(key)
  if (!statement) {
    if (statements.size >= 500) statements.clear()
    const prepared = sqlite.prepare(text)
    statement =
      answers === 'pluck' ? prepared.pluck() : answers === 'raw' ? prepared.raw() : prepared
    statements.set(key, statement)
  }
  return statement
}

/** The first column of every row a drizzle query returns, its statement prepared once. */
function firstColumn(query: { toSQL: () => { sql: string; params: unknown[] } }) {
  const { sql: text, params } = query.toSQL()
  const statement = preparedOnce(text, 'pluck')
  return { text, params, all: () => statement.all(...params) }
}

/**
 * The tables `paginateTable` may count, each with its data versions (migration 0026): a row and
 * triggers per table and per column that change with every write, so a remembered count is right.
 * A new list's table goes here, and a migration gives it its data versions (`dataVersionsSql` in
 * db/version-triggers.ts); until both are done `paginateTable` refuses it: the type says so, and
 * loading this module throws for a table here whose data versions are not all in the database.
 */
export const COUNTED_TABLES = [products, orders, users, scammerPaypals, markets] as const
export type CountedTable = (typeof COUNTED_TABLES)[number]

/** Throws unless each table has the data versions of all its columns in the database. */
export function assertCountable(tables: readonly AnySQLiteTable[]) {
  const missing = tables.flatMap((table) => missingDataVersions(sqlite, getTableName(table)))
  if (missing.length)
    throw new Error(
      `A list cannot remember its count without data versions, missing: ${missing.join('; ')}. ` +
        'Add them by a migration (db/version-triggers.ts prints them).',
    )
}
assertCountable(COUNTED_TABLES)
const countable = new Set<AnySQLiteTable>(COUNTED_TABLES)

/**
 * A count (a list's, the report's), taken again only after what it reads is written
 * (`onceUntilWritten`). Counting 9,000 rows for every page view cost more than the rest of the
 * query.
 */
export function countOnce(query: { toSQL: () => { sql: string; params: unknown[] } }) {
  const count = firstColumn(query)
  return onceUntilWritten('count', count.text, count.params, () => Number(count.all()[0] ?? 0))
}

/**
 * A query's rows, read again only after what it reads is written (as `countOnce`): the
 * dashboard's orders per status, which read every order a user may see (60 ms for an admin at a
 * million orders), and the report's charts.
 */
export function rowsOnce<Row>(query: {
  toSQL: () => { sql: string; params: unknown[] }
  all: () => Row[]
}): Row[] {
  const { sql: text, params } = query.toSQL()
  return onceUntilWritten('rows', text, params, () => query.all())
}

/** A list over one table: its conditions, its order and, if named, the index its ids are read on. */
export type TableList = {
  table: CountedTable
  where: SQL | undefined
  order: TableOrder
  /**
   * The index to read the ids on (`indexed by`), for a list whose plan must not depend on the
   * statistics SQLite may or may not have (an index without them looked cheaper than the right
   * one, and the page sorted 100,000 orders). The count is left to SQLite.
   */
  index?: string
}

function idsQuery(list: TableList, orderBy: SQL[], limit: number, offset: number) {
  const query = db
    .select({ id: list.table.id })
    .from(list.table)
    .where(list.where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset)
  return { toSQL: () => withIndex(query.toSQL(), list) }
}

/** The query's text with the list's index named on its table (Drizzle cannot write it). */
function withIndex(query: { sql: string; params: unknown[] }, list: TableList) {
  if (!list.index) return query
  const from = ` from "${getTableName(list.table)}" `
  if (!query.sql.includes(from)) throw new Error(`The list query no longer reads${from}`)
  return { ...query, sql: query.sql.replace(from, `${from}indexed by "${list.index}" `) }
}

/** The SQL of a list's page of ids, both ways round (for the plan tests: no sort step). */
export function pageIdsSql(list: TableList) {
  return (['asc', 'desc'] as const).map((dir) =>
    idsQuery(list, orderOf({ ...list.order, dir }), 25, 50).toSQL(),
  )
}

/**
 * The SQL of a deep page's first read from an anchor (the rows with the anchor's leading keys and
 * a later id), both ways round, for the plan tests: `after` holds the anchor's keys.
 */
export function anchoredIdsSql(list: TableList, after: unknown[]) {
  return (['asc', 'desc'] as const).map((dir) =>
    sameLeadingQuery({ ...list, order: { ...list.order, dir } }, after, 25),
  )
}

/** A list's order over one table: its key columns (the last one unique) and the direction. */
export type TableOrder = { keys: AnySQLiteColumn[]; dir: SortDirection }

/** The ORDER BY of a table order: every key the same way, so one index serves it either way. */
export function orderOf({ keys, dir }: TableOrder): SQL[] {
  return keys.map((column) => (dir === 'asc' ? asc(column) : desc(column)))
}

const flipped = (dir: SortDirection): SortDirection => (dir === 'asc' ? 'desc' : 'asc')

/**
 * A sortable list's order: the keys of the column asked for (else the default's), ascending when
 * a column is asked for without a direction, else newest first.
 */
export function sortedOrder<Sort extends string>(
  f: { sort?: Sort; dir?: SortDirection },
  defaultSort: Sort,
  keysOf: (sort: Sort) => AnySQLiteColumn[],
): TableOrder {
  return { keys: keysOf(f.sort ?? defaultSort), dir: f.dir ?? (f.sort ? 'asc' : 'desc') }
}

/**
 * `paginate` over one table: the count and the page's ids come from `table` alone (so an index
 * on the filter and the order covers them), then `rows` joins only those ids, given as a
 * condition (and as the ids themselves, in the page's order).
 */
export function paginateTable<Row>(
  page: number | undefined,
  /**
   * The list's order: its default is newest first (`dir: 'desc'` on a creation or change time,
   * then id); a sorted list names its column's keys. The last key is unique (the id).
   */
  list: TableList,
  rows: (onPage: SQL, order: SQL[], ids: number[]) => Row[],
): Page<Row> {
  const { table, where } = list
  // The type already refuses such a table; this refuses one passed through a cast.
  if (!countable.has(table))
    throw new Error(
      `paginateTable cannot count "${getTableName(table)}": it is not in COUNTED_TABLES ` +
        '(app/models/paginate.server.ts) with its data versions, so its count would never change.',
    )
  const order = orderOf(list.order)
  // Read before the count: anchors taken with this count are kept under the version of what
  // their rows and order read (see anchoredIds), so a write after it makes them unused rather
  // than wrong.
  const anchored = list.order.keys.at(-1) === table.id
  const deep = ((page ?? 1) - 1) * PAGE_SIZE >= ANCHORED_FROM
  const anchors = anchored && deep ? anchorsOf(list) : undefined
  const walk = (tableOrder: TableOrder, limit: number, offset: number) =>
    firstColumn(idsQuery(list, orderOf(tableOrder), limit, offset))
      .all()
      .map(Number)
  return paginate({
    page,
    // A whole table's count is the one its triggers keep.
    count: () =>
      where === undefined
        ? keptRowCount(getTableName(table))
        : countOnce(
            db
              .select({ n: sql<number>`count(*)` })
              .from(table)
              .where(where),
          ),
    // An offset is walked row by row: a page in the second half is read from the other end
    // (the other way round, then turned back), so the last page costs what the first does; a
    // page deep from both ends is read from an anchor when one is near.
    ids: (limit, offset, total) => {
      const after = total - offset - limit
      if (anchors && Math.min(offset, after) >= ANCHORED_FROM)
        return anchoredIds(list, limit, offset, total, anchors)
      if (offset <= after) return walk(list.order, limit, offset)
      const reversed = { ...list.order, dir: flipped(list.order.dir) }
      return walk(reversed, limit + Math.min(0, after), Math.max(0, after)).reverse()
    },
    rows: (ids) => rows(inArray(table.id, ids), order, ids),
  })
}

/** A page deep from both ends of its list (this many rows or more) is read near an anchor. */
export const ANCHORED_FROM = 500
/** How many rows an anchored read may skip (past an anchor, or before one). */
const ANCHOR_REACH = 2500
const ANCHORS_PER_LIST = 64

// Per list (its query in its order): the version its anchors were taken at, and the keys of rows
// at known places (0-based, from the list's start).
const anchorsByList = new Map<string, { version: number; at: Map<number, unknown[]> }>()

/**
 * Which anchors a list's deep page may use: the list's (its query in its order), at the version of
 * what that query reads, its conditions' and its order's columns. Anchors need a unique last key
 * (the id), as every list's order has.
 */
function anchorsOf(list: TableList) {
  const base = keysQuery(list, undefined, 0, 0)
  return {
    key: `${base.sql}\u0000${JSON.stringify(base.params)}`,
    version: dataVersionOf(base.sql),
  }
}

/**
 * A deep page's ids (`offset` and `total` from the list's start, in its order). The keys of the
 * rows around each page read are remembered as anchors, per list and the version of what it reads
 * (`anchorsOf`: a write to its rows or its order's columns makes them unused, so an anchor is
 * always where it was taken). A page within ANCHOR_REACH rows of an anchor is read by keyset from
 * it, forwards, or backwards when the anchor comes after it; else the offset is walked from the
 * nearer end as before. The same page again, the next and the previous ones, or a jump of up to
 * a hundred pages then cost what page 1 does: a pmm's page 2,000 is a walk through 50,000 of
 * their orders merged from 100 products (57-108 ms at BENCH_SCALE=10), a page near an anchor
 * 1-4 ms.
 */
function anchoredIds(
  list: TableList,
  limit: number,
  offset: number,
  total: number,
  { key, version }: ReturnType<typeof anchorsOf>,
): number[] {
  let known = anchorsByList.get(key)
  if (!known || known.version !== version) {
    if (anchorsByList.size >= 200) anchorsByList.clear()
    known = { version, at: new Map() }
    anchorsByList.set(key, known)
  }
  const size = Math.min(limit, total - offset)
  // The nearest anchor outside the page: rows are skipped from it one way or the other.
  let near: { at: number; skip: number; forwards: boolean } | undefined
  for (const at of known.at.keys()) {
    const forwards = at < offset
    const skip = forwards ? offset - at - 1 : at - offset - size
    if (skip >= 0 && skip <= ANCHOR_REACH && (!near || skip < near.skip))
      near = { at, skip, forwards }
  }
  const reversed = { ...list.order, dir: flipped(list.order.dir) }
  // Rows, each with its place: the page, and when the read has them, the row on each side.
  let placed: Array<[number, unknown[]]>
  if (near) {
    const from = known.at.get(near.at)!
    const rows = keysRows(
      { ...list, order: near.forwards ? list.order : reversed },
      from,
      size,
      near.skip,
    )
    placed = rows.map((row, i) => [near.forwards ? offset + i : offset + size - 1 - i, row])
  } else {
    // Walked from the nearer end, one row before and after the page too.
    const after = total - offset - size
    const fromStart = offset <= after
    const skip = (fromStart ? offset : after) - 1
    const rows = keysRows(
      { ...list, order: fromStart ? list.order : reversed },
      undefined,
      size + 2,
      skip,
    )
    placed = rows.map((row, i) => [fromStart ? offset - 1 + i : offset + size - i, row])
  }
  for (const [at, keys] of placed) {
    if (at !== offset - 1 && at !== offset && at !== offset + size - 1 && at !== offset + size)
      continue
    if (keys.some((v) => v === null)) continue
    if (known.at.size >= ANCHORS_PER_LIST && !known.at.has(at))
      known.at.delete(known.at.keys().next().value!)
    known.at.set(at, keys)
  }
  return placed
    .filter(([at]) => at >= offset && at < offset + size)
    .sort(([a], [b]) => a - b)
    .map(([, keys]) => Number(keys.at(-1)))
}

/**
 * The keys of a list's rows (raw values), `offset` rows on, after the row whose keys are `after`
 * when given. After a row is read in two ranges an index can seek: the rows with its leading keys
 * and a later id, then those with later leading keys. As one row value, `(commission, id) > (?, ?)`,
 * SQLite seeks the index on the commission alone and reads every order of that commission (108 ms
 * at BENCH_SCALE=10, where most orders share one); the two ranges take 0.5 ms.
 */
function keysRows(list: TableList, after: unknown[] | undefined, limit: number, offset: number) {
  const read = (query: { sql: string; params: unknown[] }) =>
    prepareRaw(query.sql).all(...query.params) as unknown[][]
  if (!after) return read(keysQuery(list, undefined, limit, offset))
  const sameLeading = read(sameLeadingQuery(list, after, offset + limit))
  const leading = list.order.keys.slice(0, -1)
  if (sameLeading.length === offset + limit || leading.length === 0)
    return sameLeading.slice(offset)
  const laterLeading = read(
    keysQuery(
      list,
      sql`(${sql.join(leading, sql`, `)}) ${later(list.order.dir)} (${sql.join(
        after.slice(0, -1).map((v) => sql`${v}`),
        sql`, `,
      )})`,
      offset + limit - sameLeading.length,
      0,
    ),
  )
  return [...sameLeading, ...laterLeading].slice(offset)
}

/** The comparison that holds for a row after another in a list's direction. */
const later = (dir: SortDirection) => sql.raw(dir === 'asc' ? '>' : '<')

/**
 * The first `limit` rows after `after` (the keys of a row) with its leading keys: a later last key
 * (the id), put in order by the id alone, since the condition fixes every other key. In the
 * list's full order SQLite sorted them in blocks of equal leading keys and, for a pmm's orders read
 * per product, read every product's orders past the anchor (all but 2,500 of a 100,000-order
 * pmm's orders, whose products share a commission: 4.9 ms); by the id alone it keeps the page's
 * top rows and leaves each product after them (0.05 ms).
 */
function sameLeadingQuery(list: TableList, after: unknown[], limit: number) {
  const { keys, dir } = list.order
  const equal = keys.slice(0, -1).map((column, i) => sql`${column} = ${after[i]}`)
  const laterId = sql`${keys.at(-1)!} ${later(dir)} ${after.at(-1)}`
  return keysQuery(list, and(...equal, laterId), limit, 0, keys.slice(-1))
}

/** A list's keys, with a further condition when given, in order by `orderKeys` (all its keys). */
function keysQuery(
  list: TableList,
  also: SQL | undefined,
  limit: number,
  offset: number,
  orderKeys = list.order.keys,
) {
  const query = db
    .select({ keys: sql`${sql.join(list.order.keys, sql`, `)}` })
    .from(list.table)
    .where(and(list.where, also))
    .orderBy(...orderOf({ keys: orderKeys, dir: list.order.dir }))
    .limit(limit)
    .offset(offset)
  return withIndex(query.toSQL(), list)
}

/**
 * Every id a list selects, in its order, in batches read by keyset (the keys of the last row
 * read, compared as a row value, so each batch is a range scan on the order's index and no
 * statement stays open between batches): an export of the whole list with flat memory.
 */
export function* keysetIdBatches(list: TableList, batchSize = 1000): Generator<number[]> {
  const { table, order } = list
  const keys = order.keys
  if (keys.at(-1) !== table.id) throw new Error('A keyset needs the id as its last key.')
  let last: unknown[] | undefined
  for (;;) {
    // Raw values (a moment as its number), which the next batch's comparison binds as they are.
    const batch = keysRows(list, last, batchSize, 0)
    if (batch.length === 0) return
    yield batch.map((row) => Number(row.at(-1)))
    if (batch.length < batchSize) return
    last = batch.at(-1)
  }
}

/**
 * Every row a list selects (all pages, in its order) for its export: the ids in keyset batches,
 * each batch's rows read by the same `rows` as its pages (`paginateTable`), so a file holds what
 * the pages show.
 */
export function* everyRow<Row>(
  list: TableList,
  rows: (onBatch: SQL, order: SQL[], ids: number[]) => Row[],
): Generator<Row> {
  const order = orderOf(list.order)
  for (const ids of keysetIdBatches(list)) yield* rows(inArray(list.table.id, ids), order, ids)
}

/** Rows found by their ids, put in the ids' order (the page's, which `in (...)` does not keep). */
export function inIdOrder<Row>(ids: number[], rows: Row[], idOf: (row: Row) => number): Row[] {
  const byId = new Map(rows.map((row) => [idOf(row), row]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/** A statement that answers rows as arrays of raw values, prepared once by its text. */
function prepareRaw(text: string) {
  let statement = rawStatements.get(text)
  if (!statement) {
    if (rawStatements.size >= 200) rawStatements.clear()
    statement = sqlite.prepare(text).raw()
    rawStatements.set(text, statement)
  }
  return statement
}
const rawStatements = new Map<string, Statement>()

import { sql, type SQL } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import { db } from '../../db/client'

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
  ids: (limit: number, offset: number) => number[]
  rows: (ids: number[]) => Row[]
}): Page<Row> {
  const total = options.count()
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE))
  const page = Math.min(Math.max(1, options.page ?? 1), pageCount)
  const ids = options.ids(PAGE_SIZE, (page - 1) * PAGE_SIZE)
  return { rows: ids.length ? options.rows(ids) : [], total, page, pageCount }
}

/**
 * `paginate` over one table: the count and the page's ids come from `where` on that table alone
 * (in `order`), and `rows` joins the page's ids for their columns.
 */
export function paginateTable<Row>(options: {
  page: number | undefined
  table: SQLiteTable
  id: SQLiteColumn
  where: SQL | undefined
  order: Array<SQL | SQLiteColumn>
  rows: (ids: number[]) => Row[]
}): Page<Row> {
  const { table, id, where, order } = options
  return paginate({
    page: options.page,
    count: () =>
      db
        .select({ n: sql<number>`count(*)` })
        .from(table)
        .where(where)
        .get()?.n ?? 0,
    ids: (limit, offset) =>
      db
        .select({ id })
        .from(table)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset)
        .all()
        .map((r) => Number(r.id)),
    rows: options.rows,
  })
}

import { inArray, sql, type SQL } from 'drizzle-orm'
import type { AnySQLiteColumn, AnySQLiteTable } from 'drizzle-orm/sqlite-core'
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
 * `paginate` over one table: the count and the page's ids come from `table` alone (so an index
 * on the filter and the order covers them), then `rows` joins only those ids, given as a
 * condition, in the same order.
 */
export function paginateTable<Row>(
  page: number | undefined,
  list: { table: AnySQLiteTable & { id: AnySQLiteColumn }; where: SQL | undefined; order: SQL[] },
  rows: (onPage: SQL, order: SQL[]) => Row[],
): Page<Row> {
  const { table, where, order } = list
  return paginate({
    page,
    count: () =>
      db
        .select({ n: sql<number>`count(*)` })
        .from(table)
        .where(where)
        .get()?.n ?? 0,
    ids: (limit, offset) =>
      db
        .select({ id: table.id })
        .from(table)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset)
        .all()
        .map((r) => Number(r.id)),
    rows: (ids) => rows(inArray(table.id, ids), order),
  })
}

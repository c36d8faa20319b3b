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

import { sqlite } from '../../db/client'

/**
 * Numbers in `list_versions` that triggers bump in the same transaction as a write, whichever
 * process writes, so what is kept in memory knows when to read again:
 * - `lists`: products, orders, users and scammer PayPals, which the paged lists count (0007);
 * - `lookups`: markets, categories, Chinese sellers (0008) and order statuses (0010), which forms
 *   and filters offer.
 */
const IDS = { lists: 1, lookups: 2 } as const

const readers = new Map<keyof typeof IDS, () => number>()

/** The current version of a group of tables. */
export function dataVersion(tables: keyof typeof IDS): number {
  let read = readers.get(tables)
  if (!read) {
    const statement = sqlite.prepare('select version from list_versions where id = ?').pluck()
    read = () => statement.get(IDS[tables]) as number
    readers.set(tables, read)
  }
  return read()
}

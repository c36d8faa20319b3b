import { sqlite } from '../../db/client'
import { VERSION_IDS, type VersionGroup } from '../../db/version-triggers'

/**
 * Numbers in `list_versions` that triggers bump in the same transaction as a write, whichever
 * process writes, so what is kept in memory knows when to read again:
 * - `lists`: products, orders, users and scammer PayPals, which the paged lists count (0007);
 * - `lookups`: markets, categories, Chinese sellers (0008) and order statuses (0010), which forms
 *   and filters offer.
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

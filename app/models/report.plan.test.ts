import { describe, expect, test } from 'vitest'
import { sqlite } from '../../db/client'
import { reportBatchSql, reportTotalsBatchSql, type ReportFilters } from './report.server'

/**
 * Every batch of a report is a range scan on an index in the keyset's order (creation time, then
 * id): SQLite never reads all of a user's orders and sorts them again for each batch.
 */
function plan(
  viewer: { id: number; role: 'admin' | 'pm' | 'pmm' },
  f: Partial<ReportFilters>,
  batchSql = reportBatchSql,
) {
  const { sql, params } = batchSql(viewer, { from: '2026-01-01', to: '2026-12-31', ...f })
  const rows = sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{
    detail: string
  }>
  return rows.map((r) => r.detail)
}

const filterSets: Array<[string, Partial<ReportFilters>]> = [
  ['no filter', {}],
  ['status', { status: 'pending' }],
  ['manager', { manager: 7 }],
  ['marketer', { marketer: 8 }],
  ['chinese seller', { chineseSeller: 9 }],
  ['every filter', { status: 'pending', manager: 7, marketer: 8, chineseSeller: 9 }],
]

const cases = [
  ['admin', { id: 1, role: 'admin' }],
  ['pmm', { id: 2, role: 'pmm' }],
  ['pm', { id: 3, role: 'pm' }],
] as const

// The rows' batches, and the PDF totals' batches (reportTotalsInBatches), over the same range.
for (const [kind, batchSql] of [
  ['report', reportBatchSql],
  ['totals', reportTotalsBatchSql],
] as const) {
  describe(`${kind} batches`, () => {
    for (const [who, viewer] of cases) {
      for (const [name, f] of filterSets) {
        test(`a ${who}'s batch, ${name}: an index range scan in keyset order, no sort`, () => {
          const steps = plan(viewer, f, batchSql)
          expect(steps.join('\n')).not.toMatch(/TEMP B-TREE/)
          // A pm's own orders, or one marketer's: by marketer, then creation time; anyone else's
          // orders in creation order.
          const index =
            who === 'pm' || f.marketer ? 'orders_user_created_idx' : 'orders_created_idx'
          const at = steps.findIndex((step) => step.startsWith('SEARCH orders '))
          expect(steps[at]).toMatch(new RegExp(`^SEARCH orders USING INDEX ${index} \\(`))
          // Before it, only the one row a filter names (its status, manager, marketer or seller).
          for (const step of steps.slice(0, at)) {
            expect(step).toMatch(
              /^SEARCH \w+ USING (INTEGER PRIMARY KEY \(rowid=\?\)|INDEX sqlite_autoindex_\w+ \(id=\?\))$/,
            )
          }
        })
      }
    }
  })
}

import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { sqlite } from './client'
import { dataVersionsSql, missingDataVersions, versionTriggersSql } from './version-triggers'

const migration = (name: string) =>
  fs.readFileSync(path.join('db', 'migrations', `${name}.sql`), 'utf8')

test('the template makes exactly the triggers the existing migrations wrote by hand', () => {
  for (const table of ['markets', 'categories', 'chinese_sellers'])
    expect(migration('0008_lookup_versions')).toContain(versionTriggersSql(table, 'lookups'))
  expect(migration('0010_order_status_versions')).toContain(
    versionTriggersSql('order_statuses', 'lookups'),
  )
})

test('the data versions migration holds the template’s for every column; none is missing', () => {
  for (const table of ['products', 'orders', 'users', 'scammer_paypals', 'markets']) {
    const columns = sqlite.prepare('select name from pragma_table_info(?)').pluck().all(table)
    expect(migration('0026_data_versions')).toContain(dataVersionsSql(table, columns as string[]))
    expect(missingDataVersions(sqlite, table)).toEqual([])
  }
})

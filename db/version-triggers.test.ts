import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { versionTriggersSql } from './version-triggers'

const migration = (name: string) =>
  fs.readFileSync(path.join('db', 'migrations', `${name}.sql`), 'utf8')

test('the template makes exactly the triggers the existing migrations wrote by hand', () => {
  for (const table of ['products', 'orders', 'users', 'scammer_paypals'])
    expect(migration('0007_list_versions')).toContain(versionTriggersSql(table, 'lists'))
  for (const table of ['markets', 'categories', 'chinese_sellers'])
    expect(migration('0008_lookup_versions')).toContain(versionTriggersSql(table, 'lookups'))
  expect(migration('0010_order_status_versions')).toContain(
    versionTriggersSql('order_statuses', 'lookups'),
  )
  // markets had the lookups' triggers already: its list triggers carry the group in their names.
  expect(migration('0014_markets_list_versions')).toContain(
    versionTriggersSql('markets', 'lists', true),
  )
})

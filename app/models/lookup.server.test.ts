import path from 'node:path'
import Database from 'better-sqlite3'
import { eq } from 'drizzle-orm'
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { describe, expect, test } from 'vitest'
import { db, dataDir, sqlite } from '../../db/client'
import { markets } from '../../db/schema'
import { versionTriggersSql } from '../../db/version-triggers'
import {
  insertCategory,
  insertMarket,
  listCategories,
  listMarkets,
  remembered,
} from './lookup.server'
import { listStatuses } from './order.server'

describe('the lookups are kept until one is written', () => {
  test('adding, renaming and deleting show at once, from this process or another', () => {
    const names = () => listMarkets().map((m) => m.name)
    const suffix = Math.random().toString(36).slice(2, 8)
    const market = insertMarket(`Market ${suffix}`, `M${suffix}`)
    expect(names()).toContain(`Market ${suffix}`)
    // The same rows serve the next request, and nobody can change them.
    expect(listMarkets()).toBe(listMarkets())
    expect(() => ((listMarkets()[0] as { name: string }).name = 'x')).toThrow()

    db.update(markets)
      .set({ name: `Renamed ${suffix}` })
      .where(eq(markets.id, market.id))
      .run()
    expect(names()).toContain(`Renamed ${suffix}`)
    expect(names()).not.toContain(`Market ${suffix}`)

    // Another process (another connection to the same file) adds a category and deletes the market.
    const before = listCategories().length
    const other = new Database(path.join(dataDir(), 'app.db'))
    other.prepare('insert into categories (name) values (?)').run(`Category ${suffix}`)
    other.prepare('delete from markets where id = ?').run(market.id)
    other.close()
    expect(listCategories().map((c) => c.name)).toContain(`Category ${suffix}`)
    expect(listCategories()).toHaveLength(before + 1)
    expect(names()).not.toContain(`Renamed ${suffix}`)
    insertCategory(`Another ${suffix}`)
    expect(listCategories()).toHaveLength(before + 2)
  })

  test('the order statuses too', () => {
    const name = () => listStatuses().find((s) => s.id === 'reviewed')!.name
    const was = name()
    expect(listStatuses()).toBe(listStatuses())
    const other = new Database(path.join(dataDir(), 'app.db'))
    const rename = other.prepare('update order_statuses set name = ? where id = ?')
    try {
      rename.run('Looked at', 'reviewed')
      expect(name()).toBe('Looked at')
    } finally {
      rename.run(was, 'reviewed')
      other.close()
    }
    expect(name()).toBe(was)
  })
})

test('a lookup over a table without version triggers is refused when it is declared', () => {
  sqlite.exec('create table colours (id integer primary key, name text not null)')
  const colours = sqliteTable('colours', { id: integer('id').primaryKey(), name: text('name') })
  expect(() => remembered(colours, () => db.select().from(colours).all())).toThrow(
    'A lookup cannot be kept in memory without version triggers, missing for: ' +
      'colours (insert, update, delete). Add them by a migration (db/version-triggers.ts prints them).',
  )
  sqlite.exec(versionTriggersSql('colours', 'lookups').replaceAll('--> statement-breakpoint', ''))
  const listColours = remembered(colours, () => db.select().from(colours).all())
  expect(listColours()).toEqual([])
  sqlite.exec(`insert into colours (name) values ('teal')`)
  expect(listColours()).toEqual([{ id: 1, name: 'teal' }])
})

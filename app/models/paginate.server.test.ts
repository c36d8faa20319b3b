import path from 'node:path'
import Database from 'better-sqlite3'
import { and, desc, eq } from 'drizzle-orm'
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { describe, expect, test } from 'vitest'
import { db, dataDir, sqlite } from '../../db/client'
import { makeProduct, makeUser } from '../../server/factories'
import { products } from '../../db/schema'
import { dataVersionsSql } from '../../db/version-triggers'
import { makeRefs } from '../../tests/api'
import { assertCountable, paginateTable } from './paginate.server'
import { listProducts } from './product.server'
import { unwrap } from '~/core/result'

describe('a paged list keeps its count until the data changes', () => {
  test('adding, changing and deleting rows show at once, from this process or another', async () => {
    const refs = makeRefs()
    const pmm = await makeUser({ role: 'pmm' })
    const total = () => unwrap(listProducts(pmm, 'catalog')).total
    const first = await makeProduct(pmm, refs)
    await makeProduct(pmm, refs)
    expect(total()).toBe(2)
    expect(total()).toBe(2)

    await makeProduct(pmm, refs)
    expect(total()).toBe(3)

    db.update(products).set({ status: 'disabled' }).where(eq(products.id, first.id)).run()
    expect(total()).toBe(2)

    // Another process (another connection to the same file) deletes one.
    const other = new Database(path.join(dataDir(), 'app.db'))
    other.prepare(`delete from products where owner_id = ? and status = 'disabled'`).run(pmm.id)
    other.prepare(`update products set status = 'disabled' where owner_id = ?`).run(pmm.id)
    other.close()
    expect(total()).toBe(0)
  })
})

describe('every page of a list holds the rows it should', () => {
  test('pages in the second half (read from the other end) match the list read whole', async () => {
    const refs = makeRefs()
    const pmm = await makeUser({ role: 'pmm' })
    for (let i = 0; i < 63; i++) await makeProduct(pmm, refs)
    // Newest first, as the list shows them.
    const all = db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.ownerId, pmm.id), eq(products.status, 'published')))
      .orderBy(desc(products.id))
      .all()
      .map((r) => r.id)
    expect(all).toHaveLength(63)
    const page = (n: number) => unwrap(listProducts(pmm, 'catalog', { page: n }))
    for (const n of [1, 2, 3]) {
      expect(page(n).rows.map((r) => r.id)).toEqual(all.slice((n - 1) * 25, n * 25))
    }
    expect(page(3).rows).toHaveLength(13)
    // A page past the end shows the last one.
    expect(page(9).rows.map((r) => r.id)).toEqual(all.slice(50))
  })
})

describe('statements are shared by lists of the same shape, never their values', () => {
  test('two managers, then two keywords, each get their own rows and count', async () => {
    const refs = makeRefs()
    const [a, b] = [await makeUser({ role: 'pmm' }), await makeUser({ role: 'pmm' })]
    const mineA = [await makeProduct(a, refs), await makeProduct(a, refs)]
    const mineB = [await makeProduct(b, refs)]
    const list = (viewer: typeof a, keyword?: string) => {
      const page = unwrap(listProducts(viewer, 'catalog', keyword ? { searchByKey: keyword } : {}))
      return { total: page.total, ids: page.rows.map((r) => r.id) }
    }
    for (let round = 0; round < 2; round++) {
      expect(list(a)).toEqual({ total: 2, ids: mineA.map((p) => p.id).reverse() })
      expect(list(b)).toEqual({ total: 1, ids: mineB.map((p) => p.id) })
    }
    db.update(products).set({ keywords: 'qzvalpha' }).where(eq(products.id, mineA[0]!.id)).run()
    db.update(products).set({ keywords: 'qzvbravo' }).where(eq(products.id, mineA[1]!.id)).run()
    expect(list(a, 'qzvalpha')).toEqual({ total: 1, ids: [mineA[0]!.id] })
    expect(list(a, 'qzvbravo')).toEqual({ total: 1, ids: [mineA[1]!.id] })
    expect(list(b, 'qzvalpha')).toEqual({ total: 0, ids: [] })
  })
})

describe('a list over a table without data versions is refused, never miscounted', () => {
  // A new table, as a migration without the triggers would leave it.
  sqlite.exec('create table notes (id integer primary key, body text not null)')
  const notes = sqliteTable('notes', { id: integer('id').primaryKey(), body: text('body') })
  const listNotes = () =>
    paginateTable(
      1,
      // @ts-expect-error: the type refuses a table that is not in COUNTED_TABLES
      { table: notes, where: undefined, order: { keys: [notes.id], dir: 'desc' } },
      () => [],
    )

  test('paginateTable throws for a table that is not registered', () => {
    sqlite.exec(`insert into notes (body) values ('one')`)
    expect(listNotes).toThrow(
      'paginateTable cannot count "notes": it is not in COUNTED_TABLES ' +
        '(app/models/paginate.server.ts) with its data versions, so its count would never change.',
    )
  })

  test('the startup check throws for a registered table whose data versions are missing', () => {
    expect(() => assertCountable([notes])).toThrow(
      'A list cannot remember its count without data versions, missing: notes; notes.id; ' +
        'notes.body; trigger data_versions_notes_insert; trigger data_versions_notes_delete; ' +
        'trigger data_versions_notes_id; trigger data_versions_notes_body. ' +
        'Add them by a migration (db/version-triggers.ts prints them).',
    )
  })

  test('with what the template makes, the check passes; a new column without its own is named', () => {
    sqlite.exec(dataVersionsSql('notes', ['id', 'body']).replaceAll('--> statement-breakpoint', ''))
    expect(() => assertCountable([notes])).not.toThrow()
    sqlite.exec('drop trigger data_versions_notes_body')
    expect(() => assertCountable([notes])).toThrow(
      'missing: trigger data_versions_notes_body. Add them',
    )
    sqlite.exec(dataVersionsSql('notes', ['body']).split('--> statement-breakpoint').at(-1)!)
    sqlite.exec('alter table notes add column title text')
    expect(() => assertCountable([notes])).toThrow(
      'missing: notes.title; trigger data_versions_notes_title. Add them',
    )
  })
})

import { describe, expect, test } from 'vitest'
import { sqlite } from '../../db/client'
import { ORDER_SORTS, PRODUCT_SORTS, USER_SORTS } from '~/schemas/list-queries'
import { userList } from './admin-users.server'
import { orderList } from './order.server'
import { anchoredIdsSql, pageIdsSql } from './paginate.server'
import { productList } from './product.server'

/**
 * Every sort of every list reads its page of ids from an index in the sort's order, both ways
 * round (a deep page is read from the other end): SQLite never collects the list and sorts it.
 */
function plans(list: Parameters<typeof pageIdsSql>[0], queries = pageIdsSql(list)) {
  return queries.map(({ sql, params }) =>
    (sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>)
      .map((r) => r.detail)
      .join('\n'),
  )
}

/** The plans of a deep page's first read from an anchor (any keys), both ways round. */
const anchoredPlans = (list: Parameters<typeof pageIdsSql>[0]) =>
  plans(
    list,
    anchoredIdsSql(
      list,
      list.order.keys.map(() => 1),
    ),
  )

const admin = { id: 1, role: 'admin' } as const
const pm = { id: 3, role: 'pm' } as const
const pmm = { id: 2, role: 'pmm' } as const

describe('order lists', () => {
  const viewers = [
    ['an admin', admin],
    ['a pm', pm],
  ] as const
  const filterSets = [
    ['no filter', {}],
    ['a status', { status: 'pending' }],
    ['completed', { completed: true }],
    // Parts too short for the trigram index (issue 29): read along the list's index, which
    // meets them at once; a longer, selective part is read in the index (order.search.test.ts).
    ['a customer email and an order number', { customerEmail: 'al', orderNumber: '11' }],
    ['yearly', { yearly: '1' }],
  ] as const
  for (const sort of ORDER_SORTS) {
    for (const [who, viewer] of viewers) {
      for (const [name, f] of filterSets) {
        test(`${who}, ${name}, sorted by ${sort}: read on an index in the sort's order, no sort step`, () => {
          for (const plan of plans(orderList(viewer, { ...f, sort }))) {
            expect(plan).not.toMatch(/TEMP B-TREE/)
            expect(plan).toMatch(/^(SCAN|SEARCH) orders USING (COVERING )?INDEX orders_\w+/m)
          }
        })
      }
    }
  }

  for (const sort of ORDER_SORTS) {
    test(`a pmm, sorted by ${sort}: their orders read per product on an index covering the sort`, () => {
      // Orders do not carry their product's manager: no index holds a pmm's orders in any order.
      // Each product's orders are read from an index that holds the sort's keys (no row read),
      // and SQLite keeps the page's top rows as it reads them (the sort step, over their orders
      // only); the same as the default order.
      for (const plan of plans(orderList(pmm, { sort })))
        expect(plan).toMatch(
          /^SEARCH orders USING COVERING INDEX orders_product_\w+ \(product_id=\?\)/m,
        )
    })
  }

  // A deep page read from an anchor first takes the rows with the anchor's leading keys (a
  // commission, a status and a moment) and a later id. For a pmm, SQLite must not sort them in
  // blocks of the leading keys: it then reads each product's orders to its end, where it leaves
  // each product at the page's last row when the rows are put in order by the id alone.
  for (const sort of ORDER_SORTS) {
    for (const [who, viewer] of [...viewers, ['a pmm', pmm]] as const) {
      test(`${who}, sorted by ${sort}: a page read from an anchor keeps only its top rows`, () => {
        for (const plan of anchoredPlans(orderList(viewer, { sort }))) {
          expect(plan).not.toMatch(/LAST TERM OF ORDER BY/)
          if (viewer !== pmm) expect(plan).not.toMatch(/TEMP B-TREE/)
        }
      })
    }
  }

  test("a product's orders (the Product ID search) are found by product and sorted: they are few", () => {
    for (const plan of plans(orderList(admin, { sort: 'commission', searchById: 123456 })))
      expect(plan).toMatch(
        /SEARCH orders USING (COVERING )?INDEX orders_product_\w+ \(product_id=\?\)/,
      )
  })
})

describe('product lists', () => {
  const viewers = [
    ['an admin, every product', admin, 'all'],
    ['an admin, published', admin, 'catalog'],
    ['an admin, disabled', admin, 'disabled'],
    ['a pmm, their published products', pmm, 'catalog'],
    ['a pmm, their disabled products', pmm, 'disabled'],
    ['a pm, the catalog', pm, 'catalog'],
  ] as const
  for (const sort of PRODUCT_SORTS) {
    for (const [who, viewer, scope] of viewers) {
      test(`${who}, sorted by ${sort}: an index in the sort's order, no sort step`, () => {
        const list = productList(viewer, scope, { sort }, '2026-11-26')
        for (const plan of [...plans(list), ...anchoredPlans(list)]) {
          expect(plan).not.toMatch(/TEMP B-TREE/)
          expect(plan).toMatch(
            /USING (COVERING )?INDEX products_\w+|USING INTEGER PRIMARY KEY|^SCAN products$/m,
          )
        }
      })
    }
  }
})

test("a keyword read with LIKE (short, or held by many products) keeps the sort's index", () => {
  // Two characters: no trigram, the keyword is checked row by row along the list's index.
  for (const sort of PRODUCT_SORTS)
    for (const [viewer, scope] of [
      [pm, 'catalog'],
      [pmm, 'catalog'],
      [admin, 'all'],
      [admin, 'disabled'],
    ] as const)
      for (const plan of plans(
        productList(viewer, scope, { sort, searchByKey: 'be' }, '2026-11-26'),
      ))
        expect(plan, `${viewer.role} ${scope} ${sort}`).not.toMatch(/TEMP B-TREE/)
})

test("a pm's catalog sorted by a column walks its index alone (no product read for its date)", () => {
  for (const sort of ['pId', 'limit', 'commission'] as const)
    for (const plan of plans(productList(pm, 'catalog', { sort }, '2026-11-26')))
      expect(plan).toMatch(
        /^SEARCH products USING COVERING INDEX products_status_\w+ \(status=\?\)/m,
      )
})

describe('user lists', () => {
  for (const sort of USER_SORTS) {
    for (const scope of ['pm', 'pmm', 'all'] as const) {
      test(`/all/${scope === 'all' ? 'user/deleted' : scope}, sorted by ${sort}: no sort step`, () => {
        const list = userList(scope, { sort })
        for (const plan of [...plans(list), ...anchoredPlans(list)])
          expect(plan).not.toMatch(/TEMP B-TREE/)
      })
    }
  }
})

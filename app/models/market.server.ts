/**
 * The markets admins manage (/all/markets). Products and orders refer to a market by id, so a
 * rename shows everywhere; the write bumps the lookups' version (migration 0008), so every
 * process reads `listMarkets` again, and the lists' one (0014) for this list's count.
 */
import { and, eq, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { db } from '../../db/client'
import { markets } from '../../db/schema'
import type { MarketListFilters } from '~/schemas/list-queries'
import type { MarketInput } from '~/validation/market'
import { everyRow, paginateTable, type Page } from './paginate.server'
import { can } from './permissions'
import { fail, failFields, ok, type Result } from '~/core/result'
import { containsText } from './search.server'
import type { User } from './user.server'
import { writeAs, type Tx } from './write.server'

type Viewer = Pick<User, 'id' | 'role'>
export type Market = typeof markets.$inferSelect

export const MARKET_ADDED_MESSAGE = 'Market added successfully.'
export const MARKET_RENAMED_MESSAGE = 'Market renamed successfully.'
export const MARKET_NAME_TAKEN_MESSAGE = 'A market with this name already exists.'
export const MARKET_SHORT_NAME_TAKEN_MESSAGE = 'A market with this short name already exists.'
export const MARKET_NOT_FOUND_MESSAGE = 'No such market.'
const FORBIDDEN = 'Only admins can manage markets.'

export function getMarket(id: number): Market | undefined {
  return db.select().from(markets).where(eq(markets.id, id)).get()
}

/** One page of markets (25, newest first), searched by `q` over name and short name. */
export function listMarketsPage(
  viewer: Viewer,
  filters: MarketListFilters = {},
): Result<Page<Market>> {
  if (!can.useAdminArea(viewer)) return fail('forbidden', FORBIDDEN)
  return ok(paginateTable(filters.page, marketList(filters), marketRows))
}

/** The markets of a page or an export batch, in the list's order. */
const marketRows = (onPage: SQL, order: SQL[]) =>
  db
    .select()
    .from(markets)
    .where(onPage)
    .orderBy(...order)
    .all()

function marketList(filters: MarketListFilters) {
  return {
    table: markets,
    where: containsText(filters.q, markets.name, markets.shortName),
    order: { keys: [markets.id], dir: 'desc' as const },
  }
}

/** Every market the list's search selects (all pages, newest first): its Export (CSV). */
export function* listMarketsForExport(
  viewer: Viewer,
  filters: MarketListFilters,
): Generator<Market> {
  if (!can.useAdminArea(viewer)) return
  yield* everyRow(marketList(filters), marketRows)
}

// Names compare without regard to case ("Amazon" and "AMAZON" are one market).
const taken = (tx: Tx, column: SQLWrapper, value: string, except = 0) =>
  Boolean(
    tx
      .select({ id: markets.id })
      .from(markets)
      .where(and(sql`lower(${column}) = lower(${value})`, ne(markets.id, except)))
      .get(),
  )

export function addMarket(viewer: Viewer, input: MarketInput): Result<{ market: Market }> {
  if (!can.useAdminArea(viewer)) return fail('forbidden', FORBIDDEN)
  return writeAs(viewer, (tx) => {
    if (taken(tx, markets.name, input.name))
      return failFields('conflict', { name: [MARKET_NAME_TAKEN_MESSAGE] })
    if (taken(tx, markets.shortName, input.shortName))
      return failFields('conflict', { shortName: [MARKET_SHORT_NAME_TAKEN_MESSAGE] })
    return ok({ market: tx.insert(markets).values(input).returning().get() })
  })
}

export function renameMarket(viewer: Viewer, id: number, name: string): Result<{ market: Market }> {
  if (!can.useAdminArea(viewer)) return fail('forbidden', FORBIDDEN)
  return writeAs(viewer, (tx) => {
    if (taken(tx, markets.name, name, id))
      return failFields('conflict', { name: [MARKET_NAME_TAKEN_MESSAGE] })
    const market = tx.update(markets).set({ name }).where(eq(markets.id, id)).returning().get()
    return market ? ok({ market }) : fail('not_found', MARKET_NOT_FOUND_MESSAGE)
  })
}

import crypto from 'node:crypto'
import { aliasedTable, and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { db } from '../../db/client'
import {
  categories,
  chineseSellers,
  markets,
  orders,
  orderStatuses,
  products,
  reservations,
  users,
} from '../../db/schema'
import {
  businessDate,
  businessDayStart,
  nextDay,
  startOfBusinessDay,
} from '~/core/business-day.server'
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core'
import type {
  AdminProductListFilters,
  ProductListFilters,
  ProductSort,
  SortDirection,
} from '~/schemas/list-queries'
import type { ProductInput } from '~/validation/product'
import { everyRow, inIdOrder, paginateTable, sortedOrder, type Page } from './paginate.server'
import { can } from './permissions'
import {
  PICTURE_TOO_LARGE_MESSAGE,
  PictureError,
  pictureUrls,
  preparePicture,
  writeWithPictures,
} from './picture.server'
import { fail, failFields, ok, type Result } from '~/core/result'
import { rowDecoder } from './row-decoder.server'
import { indexedContains } from './search.server'
import type { User } from './user.server'
import { writeAs, type Tx } from './write.server'

export type Product = typeof products.$inferSelect
export type NewProductRow = Omit<typeof products.$inferInsert, 'pId' | 'id'>

// Default texts of the new-product form (spec section 9).
export const DEFAULT_INSTRUCTION =
  'Please leave a 5 star positive review of 3-4 lines. Search the product by keywords only. Leave the review 4-5 days after receiving the product. The refund takes 3-4 working days after the review goes live (weekends excluded).'
export const DEFAULT_REFUND_POLICY =
  'Refund after the review: the product price plus the fee is covered.'
export const DEFAULT_COMMISSION_POLICY =
  'Commission is paid after the review. No commission on deleted reviews.'

/** A random 6-digit product id that no product has ever had. */
function unusedProductId(): number {
  for (;;) {
    const pId = crypto.randomInt(100000, 1000000)
    const taken = db.select({ id: products.id }).from(products).where(eq(products.pId, pId)).get()
    if (!taken) return pId
  }
}

export function insertProduct(row: NewProductRow, tx: Tx = db) {
  return tx
    .insert(products)
    .values({ ...row, pId: unusedProductId() })
    .returning()
    .get()
}

// ---------------------------------------------------------------------------------------------
// Quota: units taken by active reservations and by orders that are not Cancelled, derived in SQL.

/**
 * The moment quota counts are taken at: now and the start of its business day (ms), as values or
 * as a prepared statement's placeholders. With `dayEnd`, the day counted is the one from `dayStart`
 * to `dayEnd` (a past day: a late order takes its unit on its reservation's day); without, today.
 */
type QuotaMoment = {
  now: number | SQLWrapper
  dayStart: number | SQLWrapper
  dayEnd?: number | SQLWrapper
}
const quotaMoment = (now: Date): QuotaMoment => ({
  now: now.getTime(),
  dayStart: startOfBusinessDay(now).getTime(),
})

/** The quota moment at `now` for the business day `day` (YYYY-MM-DD), today or before. */
export const quotaMomentOn = (day: string, now: Date): QuotaMoment => ({
  now: now.getTime(),
  dayStart: businessDayStart(day).getTime(),
  dayEnd: businessDayStart(nextDay(day)).getTime(),
})

/** SQL for "this reservation still holds its unit" at `now`. */
export function activeReservation(now: number | SQLWrapper): SQL {
  return sql`${reservations.status} = 'active' and ${reservations.expiresAt} > ${now}`
}

/**
 * The day's and the total remainder of the product whose id is `productId` (the id column of the
 * query's products). Used in lists and, inside the reserve and order transactions, for the check
 * itself. An order's unit belongs to the day of its `quotaAt` (its reservation's creation).
 */
export function remainders(productId: SQL, at: Date | QuotaMoment) {
  const { now: t, dayStart, dayEnd } = at instanceof Date ? quotaMoment(at) : at
  const inDay = (column: SQLWrapper) =>
    dayEnd === undefined
      ? sql`${column} >= ${dayStart}`
      : sql`${column} >= ${dayStart} and ${column} < ${dayEnd}`
  const reservedToday = sql`(select count(*) from ${reservations} where ${reservations.productId} = ${productId} and ${activeReservation(t)} and ${inDay(reservations.createdAt)})`
  // Every status but Cancelled, as a list: the index (product, status, quota day) is then read in
  // one range per status (0.6 ms for a page of 25 products with 1,000 orders each, against 6.5
  // for `!= 'cancelled'`, which read all of each product's orders).
  const takesUnit = sql`${orders.statusId} in (select ${orderStatuses.id} from ${orderStatuses} where ${orderStatuses.id} != 'cancelled')`
  const orderedToday = sql`(select count(*) from ${orders} where ${orders.productId} = ${productId} and ${takesUnit} and ${inDay(orders.quotaAt)})`
  const reservedEver = sql`(select count(*) from ${reservations} where ${reservations.productId} = ${productId} and ${activeReservation(t)})`
  return {
    todayRemaining: sql<number>`${products.limitPerDay} - ${reservedToday} - ${orderedToday}`,
    // The orders ever: the product's own count, kept by triggers (products.orders_taken).
    totalRemaining: sql<number>`${products.limit} - ${reservedEver} - ${products.ordersTaken}`,
  }
}

/** The product's marketing has not ended (no end date, or the end date is today or later). */
export function stillMarketed(today = businessDate()): SQL {
  return sql`(${products.marketingEndDate} is null or ${products.marketingEndDate} >= ${today})`
}

// ---------------------------------------------------------------------------------------------
// Lists

export type ProductFilters = ProductListFilters

/** Which products a list shows. */
export type ProductScope = 'catalog' | 'disabled' | 'all'

/**
 * Who sees which products:
 * - catalog: a pmm their own published products; a pm the published products of every manager
 *   that are still marketed; an admin every published product.
 * - disabled: a pmm their own disabled products; an admin all; nobody else.
 * - all: every product whatever its status; admins only.
 */
function scopeWhere(
  viewer: Pick<User, 'id' | 'role'>,
  scope: ProductScope,
  today: string,
): SQL | undefined {
  if (scope === 'all') return undefined
  if (scope === 'disabled') {
    return viewer.role === 'pmm'
      ? and(eq(products.status, 'disabled'), eq(products.ownerId, viewer.id))
      : eq(products.status, 'disabled')
  }
  if (viewer.role === 'pmm') {
    return and(eq(products.status, 'published'), eq(products.ownerId, viewer.id))
  }
  if (viewer.role === 'pm') return and(eq(products.status, 'published'), stillMarketed(today))
  return eq(products.status, 'published')
}

function filterWhere(f: ProductFilters, key = keywordSearch(f.searchByKey)): SQL[] {
  const where: SQL[] = []
  if (f.chineseSeller) where.push(eq(products.chineseSellerId, f.chineseSeller))
  if (f.market) where.push(eq(products.marketId, f.market))
  if (f.categoryId) where.push(eq(products.categoryId, f.categoryId))
  if (f.productId) where.push(eq(products.pId, f.productId))
  if (key) where.push(key.where)
  return where
}

/**
 * Products whose keywords or brand contain the text (ignoring case, as LIKE does), found through
 * the trigram index `products_search` (migration 0006) when few products hold the text, else
 * read along the list's own index (`indexedContains`): a word most products hold ("bench", 90,000
 * products at BENCH_SCALE=10) filled a page by reading every match from the index and sorting them.
 */
function keywordSearch(text: string | undefined) {
  return indexedContains(
    text,
    { table: 'products_search' },
    products.id,
    products.keywords,
    products.brandName,
  )
}

const owner = aliasedTable(users, 'owner')

/**
 * The columns every product list and detail shows, with the remainders at `now` and whether the
 * viewer (a pm) holds an active reservation on it.
 */
function productColumns(at: QuotaMoment, viewerId: number | SQLWrapper) {
  return {
    id: products.id,
    pId: products.pId,
    keywords: products.keywords,
    brandName: products.brandName,
    soldBy: products.soldBy,
    commission: products.commission,
    websiteCommission: products.websiteCommission,
    limitPerDay: products.limitPerDay,
    limit: products.limit,
    instruction: products.instruction,
    refundPolicy: products.refundPolicy,
    commissionPolicy: products.commissionPolicy,
    marketingEndDate: products.marketingEndDate,
    imageId: products.imageId,
    screenshotId: products.screenshotId,
    status: products.status,
    ownerId: products.ownerId,
    createdAt: products.createdAt,
    sellerName: owner.name,
    marketId: markets.id,
    marketName: markets.name,
    marketShortName: markets.shortName,
    chineseSellerId: chineseSellers.id,
    chineseSellerName: chineseSellers.name,
    categoryId: categories.id,
    categoryName: categories.name,
    ...remainders(sql`${products.id}`, at),
    heldByViewer: sql<number>`exists (select 1 from ${reservations} where ${reservations.productId} = ${products.id} and ${reservations.userId} = ${viewerId} and ${activeReservation(at.now)})`,
  }
}

function productQuery(at: QuotaMoment, viewerId: number | SQLWrapper) {
  return db
    .select(productColumns(at, viewerId))
    .from(products)
    .innerJoin(owner, eq(owner.id, products.ownerId))
    .innerJoin(markets, eq(markets.id, products.marketId))
    .innerJoin(chineseSellers, eq(chineseSellers.id, products.chineseSellerId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
}
type ProductRow = ReturnType<ReturnType<typeof productQuery>['all']>[number]

/**
 * The rows of a page of products, by their ids, newest first: one statement prepared once (a
 * list page used to spend more on building and compiling this query than on running it), its
 * values decoded column by column.
 */
const pageRows = (() => {
  let page:
    | {
        statement: { values: (v: Record<string, unknown>) => unknown[] }
        decode: (values: unknown[]) => ProductRow
      }
    | undefined
  return (ids: number[], now: Date, viewerId: number) => {
    if (!page) {
      const at = { now: sql.placeholder('now'), dayStart: sql.placeholder('dayStart') }
      const viewer = sql.placeholder('viewer')
      page = {
        statement: productQuery(at, viewer)
          .where(sql`${products.id} in (select value from json_each(${sql.placeholder('ids')}))`)
          .prepare(),
        decode: rowDecoder<ProductRow>(productColumns(at, viewer)),
      }
    }
    const values = page.statement.values({
      ...quotaMoment(now),
      viewer: viewerId,
      ids: JSON.stringify(ids),
    }) as unknown[][]
    return inIdOrder(ids, values.map(page.decode), (row) => row.id)
  }
})()

/** A product as pages see it (the API serializes it). Money is in currency units (two decimals). */
export function toProductView(row: ProductRow, today = businessDate()) {
  return {
    id: row.id,
    pId: row.pId,
    keywords: row.keywords,
    brandName: row.brandName,
    soldBy: row.soldBy,
    sellerName: row.sellerName,
    market: { id: row.marketId, name: row.marketName, shortName: row.marketShortName },
    chineseSeller: { id: row.chineseSellerId, name: row.chineseSellerName },
    category: { id: row.categoryId, name: row.categoryName },
    commission: row.commission / 100,
    websiteCommission: row.websiteCommission / 100,
    limitPerDay: row.limitPerDay,
    limit: row.limit,
    todayRemaining: Math.max(0, row.todayRemaining),
    totalRemaining: Math.max(0, row.totalRemaining),
    instruction: row.instruction,
    refundPolicy: row.refundPolicy,
    commissionPolicy: row.commissionPolicy,
    marketing: row.marketingEndDate,
    marketingEnded: row.marketingEndDate !== null && row.marketingEndDate < today,
    status: row.status,
    ownerId: row.ownerId,
    reservedByYou: Boolean(row.heldByViewer),
    image: pictureUrls(row.imageId),
    screenShot: pictureUrls(row.screenshotId),
    createdAt: row.createdAt,
  }
}
export type ProductView = ReturnType<typeof toProductView>

/**
 * The keys of each product list sort, each on an index for every scope (migration 0015: the
 * column alone, after the status, after the status and the owner), then the id.
 */
const PRODUCT_SORT_KEYS: Record<ProductSort, AnySQLiteColumn[]> = {
  createdAt: [products.id],
  pId: [products.pId, products.id],
  limit: [products.limit, products.id],
  commission: [products.commission, products.id],
}

/** A product list's order: the column asked for (default: newest first), then its keys. */
export function productListOrder(f: { sort?: ProductSort; dir?: SortDirection }) {
  return sortedOrder(f, 'createdAt', (sort) => PRODUCT_SORT_KEYS[sort])
}

/**
 * One page of products (25 rows, newest first) with the total for page links. The page is found
 * on the narrow index first and joined afterwards, so deep pages stay cheap. A list the viewer may
 * not see (a pm asking for disabled products) is refused as not found.
 */
export function listProducts(
  viewer: Pick<User, 'id' | 'role'>,
  scope: ProductScope,
  filters: ProductFilters = {},
  now = new Date(),
): Result<Page<ProductView>> {
  if (!maySeeList(viewer, scope)) return fail('not_found', 'No such product list.')
  const today = businessDate(now)
  return ok(
    paginateTable(
      filters.page,
      productList(viewer, scope, filters, today),
      productViews(viewer, now, today),
    ),
  )
}

/** The products of a page or an export batch, in the ids' order, as the viewer sees them. */
function productViews(viewer: Pick<User, 'id'>, now: Date, today: string) {
  return (_onPage: SQL, _order: SQL[], ids: number[]) =>
    pageRows(ids, now, viewer.id).map((r) => toProductView(r, today))
}

function maySeeList(viewer: Pick<User, 'id' | 'role'>, scope: ProductScope) {
  if (scope === 'all') return can.seeAllProducts(viewer)
  if (scope === 'disabled') return can.seeDisabledProducts(viewer)
  return true
}

/**
 * Every product of a list (the same viewer, scope, filters and order as its pages; all pages), in
 * keyset batches: what its Export (CSV) writes. A list the viewer may not see yields nothing.
 */
export function* listProductsForExport(
  viewer: Pick<User, 'id' | 'role'>,
  scope: ProductScope,
  filters: ProductFilters,
  now = new Date(),
): Generator<ProductView> {
  if (!maySeeList(viewer, scope)) return
  const today = businessDate(now)
  yield* everyRow(productList(viewer, scope, filters, today), productViews(viewer, now, today))
}

/** A product list's table, conditions and order: what its pages and its export read. */
export function productList(
  viewer: Pick<User, 'id' | 'role'>,
  scope: ProductScope,
  filters: ProductFilters,
  today: string,
) {
  const key = keywordSearch(filters.searchByKey)
  return {
    table: products,
    where: and(scopeWhere(viewer, scope, today), ...filterWhere(filters, key)),
    order: productListOrder(filters),
    index:
      filters.productId || key?.selective
        ? undefined
        : productListIndex(viewer, scope, filters.sort ?? 'createdAt'),
  }
}

/**
 * The index a product list's page is read on, per scope (every product, one status, a pmm's of
 * one status) and sort, named so that a condition SQLite cannot weigh (a keyword read with LIKE)
 * does not make it read another index and sort the list. One product, or a keyword few products
 * hold: those are read, then put in order.
 */
const PRODUCT_SORT_INDEXES: Record<ProductSort, { all?: string; status: string; owner: string }> = {
  // Every product, newest first: the table itself (its rowid), which no index can name.
  createdAt: { status: 'products_status_idx', owner: 'products_status_owner_idx' },
  pId: {
    all: 'products_p_id_unique',
    status: 'products_status_p_id_idx',
    owner: 'products_status_owner_p_id_idx',
  },
  limit: {
    all: 'products_limit_idx',
    status: 'products_status_limit_idx',
    owner: 'products_status_owner_limit_idx',
  },
  commission: {
    all: 'products_commission_idx',
    status: 'products_status_commission_idx',
    owner: 'products_status_owner_commission_idx',
  },
}

function productListIndex(
  viewer: Pick<User, 'id' | 'role'>,
  scope: ProductScope,
  sort: ProductSort,
): string | undefined {
  const indexes = PRODUCT_SORT_INDEXES[sort]
  if (scope === 'all') return indexes.all
  return viewer.role === 'pmm' ? indexes.owner : indexes.status
}

/** The admin product list's status filter, as a scope. */
const ADMIN_SCOPES = { all: 'all', published: 'catalog', disabled: 'disabled' } as const

/**
 * Every manager's products (admins; /all/product and GET /product/admin), narrowed by status
 * (published, disabled or all, the default) and the catalog filters.
 */
export function listAdminProducts(
  viewer: Pick<User, 'id' | 'role'>,
  { status = 'all', ...filters }: AdminProductListFilters,
) {
  return listProducts(viewer, ADMIN_SCOPES[status], filters)
}

/** The admin product list's every row (its Export (CSV)). */
export function listAdminProductsForExport(
  viewer: Pick<User, 'id' | 'role'>,
  { status = 'all', ...filters }: AdminProductListFilters,
) {
  return listProductsForExport(viewer, ADMIN_SCOPES[status], filters)
}

/**
 * A product by its public pId, for the detail view. Published products are open to every
 * signed-in user; a disabled one only to its owner and admins (others get "not found").
 */
export function getProductView(viewer: Pick<User, 'id' | 'role'>, pId: number, now = new Date()) {
  const row = productQuery(quotaMoment(now), viewer.id).where(eq(products.pId, pId)).get()
  if (!row) return undefined
  if (row.status !== 'published' && !can.manageProduct(viewer, row)) return undefined
  return toProductView(row, businessDate(now))
}

export function getProductByPid(pId: number) {
  return db.select().from(products).where(eq(products.pId, pId)).get()
}

// ---------------------------------------------------------------------------------------------
// Commands

/** The admin product list's toasts (spec section 8), uncrossed as product.md asks. */
export const ADMIN_PRODUCT_MESSAGES = {
  published: 'Product enable successfully.',
  disabled: 'Product Disable successfully.',
} as const

/**
 * Publishes or disables a product. An unknown pId, and a product the viewer may not manage (a pm,
 * another pmm), are both "not found", so its existence is not revealed.
 */
export function setProductStatus(
  viewer: Pick<User, 'id' | 'role'>,
  pId: number,
  status: Product['status'],
): Result<{ product: Product }> {
  const product = getProductByPid(pId)
  if (!product || !can.manageProduct(viewer, product)) {
    return fail('not_found', `No product found with ID ${pId}.`)
  }
  if (product.status === status) return ok({ product })
  return writeAs(viewer, (tx) => {
    const updated = tx
      .update(products)
      .set({ status, updatedAt: new Date() })
      .where(eq(products.id, product.id))
      .returning()
      .get()
    return ok({ product: updated })
  })
}

// ---------------------------------------------------------------------------------------------
// Counts

/** Counts for the admin dashboard, in SQL. */
export function productCounts() {
  const row = db
    .select({
      total: sql<number>`count(*)`,
      published: sql<number>`coalesce(sum(case when ${products.status} = 'published' then 1 else 0 end), 0)`,
      disabled: sql<number>`coalesce(sum(case when ${products.status} = 'disabled' then 1 else 0 end), 0)`,
    })
    .from(products)
    .get()
  return { total: row?.total ?? 0, published: row?.published ?? 0, disabled: row?.disabled ?? 0 }
}

/**
 * Adds a product for a pmm: checks the references and the end marketing date, runs both
 * pictures through the picture pipeline, and publishes the product with a fresh pId.
 */
export async function createProduct(
  viewer: Pick<User, 'id' | 'role'>,
  input: ProductInput,
  now = new Date(),
): Promise<Result<{ product: Product }>> {
  if (!can.addProduct(viewer)) return fail('forbidden', 'Only managers can add products.')
  const fieldErrors: Record<string, string[]> = {}
  const exists = (table: typeof markets | typeof categories | typeof chineseSellers, id: number) =>
    Boolean(db.select({ id: table.id }).from(table).where(eq(table.id, id)).get())
  if (!exists(markets, input.market)) fieldErrors.market = ['This market does not exist.']
  if (!exists(chineseSellers, input.chineseSeller)) {
    fieldErrors.chineseSeller = ['This Chinese seller does not exist.']
  }
  if (!exists(categories, input.categoryId))
    fieldErrors.categoryId = ['This category does not exist.']
  if (input.marketing && input.marketing < businessDate(now)) {
    fieldErrors.marketing = ['The end marketing date cannot be in the past.']
  }
  if (Object.keys(fieldErrors).length) return failFields('invalid', fieldErrors)

  // Both pictures are checked before either is stored: a refusal stores nothing.
  const prepared: Partial<
    Record<'image' | 'screenShot', Awaited<ReturnType<typeof preparePicture>>>
  > = {}
  for (const field of ['image', 'screenShot'] as const) {
    try {
      prepared[field] = await preparePicture(input[field], {
        kind: 'product',
        uploadedBy: viewer.id,
      })
    } catch (error) {
      if (!(error instanceof PictureError)) throw error
      fieldErrors[field] = [error.message]
    }
  }
  if (!prepared.image || !prepared.screenShot) {
    const tooLarge = Object.values(fieldErrors).some((m) => m.includes(PICTURE_TOO_LARGE_MESSAGE))
    return failFields(tooLarge ? 'too_large' : 'invalid', fieldErrors)
  }
  return writeWithPictures(viewer, prepared, (tx, pictures) => {
    const product = insertProduct(
      {
        ownerId: viewer.id,
        keywords: input.keywords,
        brandName: input.brandName,
        soldBy: input.soldBy,
        marketId: input.market,
        chineseSellerId: input.chineseSeller,
        categoryId: input.categoryId,
        commission: Math.round(input.commission * 100),
        websiteCommission: Math.round(input.websiteCommission * 100),
        limitPerDay: input.limitPerDay,
        limit: input.limit,
        instruction: input.instruction,
        refundPolicy: input.refundPolicy,
        commissionPolicy: input.commissionPolicy,
        marketingEndDate: input.marketing ?? null,
        imageId: pictures.image!,
        screenshotId: pictures.screenShot!,
        status: 'published',
      },
      tx,
    )
    return ok({ product })
  })
}

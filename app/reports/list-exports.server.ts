import type { AppLoadContext } from '@remix-run/node'
import { listUsersForExport, type ListedUser } from '~/models/admin-users.server'
import { listMarketsForExport } from '~/models/market.server'
import { listOrdersForExport, type OrderView } from '~/models/order.server'
import { can } from '~/models/permissions'
import {
  listAdminProductsForExport,
  listProductsForExport,
  type ProductView,
} from '~/models/product.server'
import type { User } from '~/models/user.server'
import {
  AdminProductListQuery,
  MarketListQuery,
  OrderListQuery,
  ProductListQuery,
  readQueryLenient,
  USER_LIST_QUERIES,
  userListFilters,
} from '~/schemas/list-queries'
import { requireUser } from '~/utils/auth.server'
import type { ReportColumn } from './columns'
import { csvBody, exportResponse } from './response.server'

/**
 * Export (CSV) of a list: every row its filters and sort select (all pages, in the list's order),
 * for the viewer who sees the list, through the report's CSV writer and export limits. The query is
 * read as the page reads it (a value the page drops is dropped here too), so the file holds what
 * the list shows.
 */

const ORDER_COLUMNS: ReadonlyArray<ReportColumn<OrderView>> = [
  { header: 'Order Number', kind: 'text', value: (o) => o.orderNumber, width: 68 },
  { header: 'User', kind: 'text', value: (o) => o.marketer.name, width: 50 },
  { header: 'Manager', kind: 'text', value: (o) => o.product.ownerName, width: 50 },
  { header: 'Seller ID', kind: 'integer', value: (o) => o.marketer.id, width: 36 },
  { header: 'Product ID', kind: 'integer', value: (o) => o.product.pId, width: 40 },
  { header: 'Customer Email', kind: 'text', value: (o) => o.customerEmail, width: 72 },
  { header: 'Market', kind: 'text', value: (o) => o.market.shortName, width: 30 },
  { header: 'Commission', kind: 'money', value: (o) => o.commission, width: 44 },
  { header: 'Order Date', kind: 'datetime', value: (o) => o.createdAt, width: 60 },
  { header: 'Update Date', kind: 'datetime', value: (o) => o.updatedAt, width: 60 },
  { header: 'Status', kind: 'text', value: (o) => o.status.name, width: 42 },
]

const PRODUCT_COLUMNS: ReadonlyArray<ReportColumn<ProductView>> = [
  { header: 'Product ID', kind: 'integer', value: (p) => p.pId, width: 40 },
  { header: 'Seller Name', kind: 'text', value: (p) => p.sellerName, width: 50 },
  { header: 'Market', kind: 'text', value: (p) => p.market.shortName, width: 30 },
  { header: 'Brand', kind: 'text', value: (p) => p.brandName, width: 58 },
  { header: 'Keyword', kind: 'text', value: (p) => p.keywords, width: 80 },
  { header: 'Today Remaining', kind: 'integer', value: (p) => p.todayRemaining, width: 40 },
  { header: 'Total Remaining', kind: 'integer', value: (p) => p.totalRemaining, width: 40 },
  { header: 'Sale Limit', kind: 'integer', value: (p) => p.limit, width: 40 },
  { header: 'Commission', kind: 'money', value: (p) => p.commission, width: 44 },
  { header: 'Status', kind: 'text', value: (p) => p.status, width: 42 },
  { header: 'Created', kind: 'datetime', value: (p) => p.createdAt, width: 60 },
]

const USER_COLUMNS: ReadonlyArray<ReportColumn<ListedUser>> = [
  { header: 'ID', kind: 'integer', value: (u) => u.id, width: 30 },
  { header: 'Name', kind: 'text', value: (u) => u.name, width: 60 },
  { header: 'Role', kind: 'text', value: (u) => u.role.toUpperCase(), width: 30 },
  { header: 'Email', kind: 'text', value: (u) => u.email, width: 72 },
  { header: 'Phone', kind: 'text', value: (u) => u.phone, width: 50 },
  { header: 'City', kind: 'text', value: (u) => u.city, width: 50 },
  { header: 'Country', kind: 'text', value: (u) => u.country, width: 50 },
  { header: 'Created', kind: 'datetime', value: (u) => u.createdAt, width: 60 },
  { header: 'State', kind: 'text', value: (u) => u.state, width: 40 },
]

type ListExport = {
  /** The list's page: where a refused export returns, and the file's name. */
  page: string
  /** Who may export it (as who may see the list; anyone else goes to /login like the page). */
  allow?: (user: User) => boolean
  /** What someone else gets: /login (the admin pages) or the 404 page (Disabled Products). */
  otherwise?: 'login' | 'not-found'
  /** The file's body, for the viewer and the URL's parameters. */
  body: (user: User, params: URLSearchParams) => ReturnType<typeof csvBody>
}

const orders = (scope: { completed?: boolean }) => (user: User, params: URLSearchParams) =>
  csvBody(
    listOrdersForExport(user, { ...readQueryLenient(OrderListQuery, params), ...scope }),
    ORDER_COLUMNS,
  )

const users = (scope: 'pm' | 'pmm' | 'all') => (user: User, params: URLSearchParams) =>
  csvBody(
    listUsersForExport(
      user,
      scope,
      userListFilters(readQueryLenient(USER_LIST_QUERIES[scope], params)),
    ),
    USER_COLUMNS,
  )

/** The lists that export, by the name in their export's URL (/lists/<name>/export.csv). */
export const LIST_EXPORTS: Record<string, ListExport> = {
  orders: { page: '/orders', body: orders({}) },
  'all-order': { page: '/all/order', allow: can.useAdminArea, body: orders({}) },
  'order-completed': {
    page: '/order/completed',
    allow: can.useAdminArea,
    body: orders({ completed: true }),
  },
  'all-product': {
    page: '/all/product',
    allow: can.useAdminArea,
    body: (user, params) =>
      csvBody(
        listAdminProductsForExport(user, readQueryLenient(AdminProductListQuery, params)),
        PRODUCT_COLUMNS,
      ),
  },
  'disabled-product': {
    page: '/disabledProduct',
    allow: can.seeDisabledProducts,
    otherwise: 'not-found',
    body: (user, params) =>
      csvBody(
        listProductsForExport(user, 'disabled', readQueryLenient(ProductListQuery, params)),
        PRODUCT_COLUMNS,
      ),
  },
  'all-pmm': { page: '/all/pmm', allow: can.useAdminArea, body: users('pmm') },
  'all-pm': { page: '/all/pm', allow: can.useAdminArea, body: users('pm') },
  'all-user-deleted': { page: '/all/user/deleted', allow: can.useAdminArea, body: users('all') },
  'all-markets': {
    page: '/all/markets',
    allow: can.useAdminArea,
    body: (user, params) =>
      csvBody(listMarketsForExport(user, readQueryLenient(MarketListQuery, params)), [
        { header: 'Name', kind: 'text', value: (m) => m.name, width: 80 },
        { header: 'Short Name', kind: 'text', value: (m) => m.shortName, width: 40 },
      ]),
  },
}

/** GET /lists/<name>/export.csv: the guard, then the list's rows streamed as CSV. */
export async function listExportResponse(args: {
  request: Request
  context: AppLoadContext
  params: { list?: string }
}) {
  const found = Object.hasOwn(LIST_EXPORTS, args.params.list ?? '')
    ? LIST_EXPORTS[args.params.list!]
    : undefined
  if (!found) throw new Response('Not found', { status: 404 })
  const user = await requireUser(args.request, { allow: found.allow, otherwise: found.otherwise })
  const url = new URL(args.request.url)
  const day = new Date().toISOString().slice(0, 10)
  return exportResponse(args, user, {
    format: 'csv',
    name: `${args.params.list}-${day}.csv`,
    backTo: `${found.page}${url.search}`,
    body: found.body(user, url.searchParams),
  })
}

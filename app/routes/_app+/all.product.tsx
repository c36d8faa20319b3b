import { AdminBulkForm } from '~/components/list/admin-bulk'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ScreenPanel } from '~/components/layout'
import { ListFilters, type FilterDef } from '~/components/list/list-filters'
import { Pagination } from '~/components/list/pagination'
import { ADMIN_LOADING_TEXT } from '~/components/list/use-list-loading'
import { productRows, ProductTable } from '~/components/products/product-table'
import { listMarkets } from '~/models/lookup.server'
import { can } from '~/models/permissions'
import { ADMIN_PRODUCT_MESSAGES, listAdminProducts } from '~/models/product.server'
import { pageOrNotFound } from '~/utils/not-found.server'
import { AdminProductListQuery, readQueryLenient } from '~/schemas/list-queries'
import { requireUser } from '~/utils/auth.server'
import { restoreListPlace } from '~/utils/list-place.server'
import { intentOf, unknownIntent } from '~/utils/intent.server'
import { backToProductRow, changeStatusAndRedirect } from '~/utils/product-actions.server'
import { readForm } from '~/utils/upload.server'

/**
 * Every product of every manager (admins only): by market, Product ID and status (the admin
 * dashboard's cards link to ?status=published and ?status=disabled), with Enable and Disable.
 */

export const meta: MetaFunction = () => [{ title: 'All Products' }]

const STATUS_OPTIONS = [
  { id: 'published', name: 'Published' },
  { id: 'disabled', name: 'Disabled' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireUser(request, { allow: can.useAdminArea })
  await restoreListPlace(request, admin, Object.keys(AdminProductListQuery.shape))
  const query = readQueryLenient(AdminProductListQuery, new URL(request.url).searchParams)
  return {
    markets: listMarkets().map((m) => ({ id: m.id, name: m.name })),
    products: productRows(pageOrNotFound(listAdminProducts(admin, query))),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireUser(request, { allow: can.useAdminArea })
  const form = await readForm(request)
  const to = (status: 'published' | 'disabled') =>
    changeStatusAndRedirect(
      admin,
      form.get('pId'),
      status,
      backToProductRow(request, form.get('pId')),
      ADMIN_PRODUCT_MESSAGES,
    )
  switch (intentOf(form)) {
    case 'enable':
      return to('published')
    case 'disable':
      return to('disabled')
    default:
      throw unknownIntent()
  }
}

export default function AllProducts() {
  const { markets, products } = useLoaderData<typeof loader>()
  const filters: FilterDef[] = [
    { type: 'select', name: 'market', label: 'Market', options: markets },
    { type: 'number', name: 'productId', label: 'Search by Product ID' },
    { type: 'select', name: 'status', label: 'Status', options: STATUS_OPTIONS },
  ]
  return (
    <ScreenPanel title="All Products">
      <ListFilters
        label="Search all products"
        filters={filters}
        exportAs={{ list: 'all-product', total: products.total }}
      />
      <ProductTable
        caption="All products"
        rows={products.rows}
        action="buttons"
        loadingText={ADMIN_LOADING_TEXT}
        selectForm="bulk-products"
      />
      {products.total > 0 ? (
        <AdminBulkForm id="bulk-products" kind="product" noun="products" />
      ) : null}
      <Pagination page={products.page} pageCount={products.pageCount} total={products.total} />
    </ScreenPanel>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

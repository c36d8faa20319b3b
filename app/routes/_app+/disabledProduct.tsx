import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ScreenPanel } from '~/components/layout'
import { ListFilters } from '~/components/list/list-filters'
import { Pagination } from '~/components/list/pagination'
import { PRODUCT_FILTERS_LABEL, productFilters } from '~/components/products/product-filters'
import { productRows, ProductTable } from '~/components/products/product-table'
import { productLookups } from '~/models/lookup.server'
import { can } from '~/models/permissions'
import { listProducts } from '~/models/product.server'
import { ProductListQuery, readQueryLenient } from '~/schemas/list-queries'
import { requireUser } from '~/utils/auth.server'
import { restoreListPlace } from '~/utils/list-place.server'
import { pageOrNotFound } from '~/utils/not-found.server'
import { intentOf, unknownIntent } from '~/utils/intent.server'
import { backToProductRow, setStatusAndRedirect } from '~/utils/product-actions.server'
import { readForm } from '~/utils/upload.server'

/** A manager's disabled products (an admin sees all), each with a switch to enable it again. */

export const meta: MetaFunction = () => [{ title: 'Disabled Products' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  await restoreListPlace(request, user, Object.keys(ProductListQuery.shape))
  const filters = readQueryLenient(ProductListQuery, new URL(request.url).searchParams)
  return {
    lookups: productLookups(),
    products: productRows(pageOrNotFound(listProducts(user, 'disabled', filters))),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, {
    allow: can.seeDisabledProducts,
    otherwise: 'not-found',
  })
  const form = await readForm(request)
  switch (intentOf(form)) {
    case 'setStatus':
      return setStatusAndRedirect(user, form, backToProductRow(request, form.get('pId')))
    default:
      throw unknownIntent()
  }
}

export default function DisabledProducts() {
  const { lookups, products } = useLoaderData<typeof loader>()
  return (
    <ScreenPanel title="Disabled Products">
      <ListFilters
        label={PRODUCT_FILTERS_LABEL}
        filters={productFilters(lookups)}
        exportAs={{ list: 'disabled-product', total: products.total }}
      />
      <ProductTable caption="Disabled products" rows={products.rows} action="switch" />
      <Pagination page={products.page} pageCount={products.pageCount} total={products.total} />
    </ScreenPanel>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { PageTabs } from '~/components/layout'
import { ProductFilters, ProductTable, tableList } from '~/components/products'
import { Pagination } from '~/components/ui/table'
import { productLookups } from '~/models/lookup.server'
import { listProducts } from '~/models/product.server'
import { requireUser } from '~/utils/auth.server'
import { samePage, setStatusAndRedirect } from '~/utils/product-actions.server'
import { can } from '~/models/permissions'
import { pageOrNotFound } from '~/models/result'
import { ProductListQuery, readQueryLenient } from '~/schemas/list-queries'
import { redirectWithToast } from '~/utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Disabled Products' }]

/** A manager's disabled products (an admin sees all), with a switch to enable each. */
const requireManager = (request: Request) =>
  requireUser(request, { allow: can.seeDisabledProducts, otherwise: 'not-found' })

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireManager(request)
  const params = new URL(request.url).searchParams
  return {
    lookups: productLookups(),
    products: tableList(
      pageOrNotFound(listProducts(user, 'disabled', readQueryLenient(ProductListQuery, params))),
    ),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireManager(request)
  const form = await request.formData()
  if (form.get('intent') === 'setStatus') return setStatusAndRedirect(user, form, samePage(request))
  return redirectWithToast(samePage(request), { type: 'error', message: 'Unknown action.' })
}

export default function DisabledProducts() {
  const { lookups, products } = useLoaderData<typeof loader>()
  return (
    <section className="panel">
      <h1 className="sr-only">Disabled Products</h1>
      <PageTabs tabs={[{ label: 'DISABLED PRODUCTS', active: true }]} />
      <ProductFilters lookups={lookups} />
      <ProductTable caption="Disabled products" rows={products.rows} action="switch" />
      <Pagination page={products.page} pageCount={products.pageCount} total={products.total} />
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

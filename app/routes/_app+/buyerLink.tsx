import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { PageTabs } from '~/components/layout'
import { ProductFilters } from '~/components/products'
import { Pagination, useListLoading } from '~/components/ui/table'
import { productLookups } from '~/models/lookup.server'
import { listProducts } from '~/models/product.server'
import { requireUser } from '~/utils/auth.server'
import { pageOrNotFound } from '~/models/result'
import { ProductListQuery, readQueryLenient } from '~/schemas/list-queries'

export const meta: MetaFunction = () => [{ title: 'Buyer Link' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const params = new URL(request.url).searchParams
  return {
    lookups: productLookups(),
    products: pageOrNotFound(
      listProducts(user, 'catalog', readQueryLenient(ProductListQuery, params)),
    ),
  }
}

/** Product cards to send to buyers: picture, title, keywords, instruction, product ID. */
export default function BuyerLink() {
  const { lookups, products } = useLoaderData<typeof loader>()
  const loading = useListLoading()
  return (
    <section className="panel">
      <h1 className="sr-only">Buyer Link</h1>
      <PageTabs tabs={[{ label: 'BUYER LINK', active: true }]} />
      <ProductFilters lookups={lookups} />
      {loading ? (
        <p className="table__message" role="status">
          Loading....
        </p>
      ) : products.rows.length === 0 ? (
        <p className="table__message">No data in the Table</p>
      ) : (
        <ul className="buyer-cards">
          {products.rows.map((p) => (
            <li key={p.pId} className="buyer-card">
              <img src={p.image.medium} alt="" className="buyer-card__image" loading="lazy" />
              <div className="buyer-card__body">
                <h2 className="buyer-card__title">{p.brandName}</h2>
                <p>
                  <strong>Keywords:</strong> {p.keywords}
                </p>
                <p className="buyer-card__instruction">
                  <strong>Instruction:</strong> {p.instruction}
                </p>
                <p>
                  <strong>Product ID:</strong> {p.pId}
                </p>
                <a
                  href={`${p.image.original}?download=product-${p.pId}`}
                  download
                  className="btn btn--primary btn--small"
                >
                  Download Image
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={products.page} pageCount={products.pageCount} total={products.total} />
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

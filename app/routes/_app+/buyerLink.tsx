import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ScreenPanel } from '~/components/layout'
import { StoredPicture } from '~/components/ui/picture'
import { CardList } from '~/components/list/card-list'
import { ListFilters } from '~/components/list/list-filters'
import { Pagination } from '~/components/list/pagination'
import { PRODUCT_FILTERS_LABEL, productFilters } from '~/components/products/product-filters'
import { productLookups } from '~/models/lookup.server'
import { listProducts, type ProductView } from '~/models/product.server'
import { ProductListQuery, readQueryLenient } from '~/schemas/list-queries'
import { requireUser } from '~/utils/auth.server'
import { restoreListPlace } from '~/utils/list-place.server'
import { pageOrNotFound } from '~/utils/not-found.server'
// This page's own styles, out of app.css: the other pages do not load them.
import './buyerLink.css'

export const meta: MetaFunction = () => [{ title: 'Buyer Link' }]

/** What a card shows: picture, title, keywords, instruction and product ID. */
const card = (p: ProductView) => ({
  pId: p.pId,
  brandName: p.brandName,
  keywords: p.keywords,
  instruction: p.instruction,
  image: { small: p.image.small, medium: p.image.medium, original: p.image.original },
})

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  await restoreListPlace(request, user, Object.keys(ProductListQuery.shape))
  const filters = readQueryLenient(ProductListQuery, new URL(request.url).searchParams)
  const { rows, total, page, pageCount } = pageOrNotFound(listProducts(user, 'catalog', filters))
  return {
    lookups: productLookups(),
    products: { rows: rows.map(card), total, page, pageCount },
  }
}

/**
 * The cards whose pictures the browser asks for at once (the first row of three on a wide screen,
 * the first screens on a phone); the others' are loaded lazily, as they come near the screen.
 */
const FIRST_SCREEN_CARDS = 3

/** Product cards to send to buyers, with the picture to download. */
export default function BuyerLink() {
  const { lookups, products } = useLoaderData<typeof loader>()
  return (
    <ScreenPanel title="Buyer Link">
      <ListFilters label={PRODUCT_FILTERS_LABEL} filters={productFilters(lookups)} />
      <CardList
        rows={products.rows}
        rowKey={(p) => p.pId}
        className="buyer-cards"
        itemClassName="buyer-card"
        card={(p, index) => (
          <>
            <StoredPicture
              urls={p.image}
              alt=""
              sizes="(min-width: 768px) 320px, 100vw"
              width={320}
              height={240}
              className="buyer-card__image"
              lazy={index >= FIRST_SCREEN_CARDS}
            />
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
          </>
        )}
      />
      <Pagination page={products.page} pageCount={products.pageCount} total={products.total} />
    </ScreenPanel>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

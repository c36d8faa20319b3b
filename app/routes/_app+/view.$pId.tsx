import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { productRowId } from '~/utils/row-ids'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { DetailFields } from '~/components/ui/detail-fields'
import { StoredPicture } from '~/components/ui/picture'
import { can } from '~/models/permissions'
import { getProductView } from '~/models/product.server'
import { requireUser } from '~/utils/auth.server'
import { backFrom } from '~/utils/misc'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.product.brandName} · ${data.product.pId}` : 'Product' },
]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const pId = /^\d{6}$/.test(params.pId ?? '') ? Number(params.pId) : NaN
  const product = Number.isNaN(pId) ? undefined : getProductView(user, pId)
  if (!product) throw new Response('Not found', { status: 404 })
  // Lists link here with their page in `?back=` (filters included); else the product's list.
  const list = can.useAdminArea(user)
    ? '/all/product'
    : product.status === 'published'
      ? '/activeProducts'
      : '/disabledProduct'
  return { product, back: backFrom(new URL(request.url).searchParams, list) }
}

/** Read-only product detail (spec section 2). */
export default function ProductDetail() {
  const { product: p, back } = useLoaderData<typeof loader>()
  const fields: Array<[string, string | number]> = [
    ['Keywords', p.keywords],
    ['Brand Name', p.brandName],
    ['Seller Name', p.sellerName],
    ['Sold By', p.soldBy],
    ['Market', `${p.market.name} (${p.market.shortName})`],
    ['Commission', p.commission.toFixed(2)],
    ['Product ID', p.pId],
    ['Daily Sale Limit', p.limitPerDay],
    ['Total Remaining', p.totalRemaining],
    ['Overall Sale Limit', p.limit],
    ['End Marketing Date', p.marketing ?? 'No end date'],
  ]
  return (
    <article className="panel detail">
      <header className="detail__header">
        <h1 className="detail__title">{p.brandName}</h1>
        {/* Back to the list at the product's row (in view, its View link focused). */}
        <Link to={`${back}#${productRowId(p.pId)}`} className="btn">
          Back
        </Link>
      </header>
      <div className="detail__pictures">
        {(
          [
            ['Product picture', p.image],
            ['Marketplace picture', p.screenShot],
          ] as const
        ).map(([caption, picture]) => (
          <figure key={caption}>
            <a href={picture.original}>
              <StoredPicture
                urls={picture}
                alt={`${p.brandName}: ${caption.toLowerCase()}`}
                sizes="320px"
                width={320}
                height={320}
                className="detail__picture"
              />
            </a>
            <figcaption>{caption}</figcaption>
          </figure>
        ))}
      </div>
      <DetailFields fields={fields} />
      <section className="detail__texts">
        <h2>Instruction</h2>
        <p>{p.instruction}</p>
        <h2>Refund Condition</h2>
        <p>{p.refundPolicy}</p>
        <h2>Commission Condition</h2>
        <p>{p.commissionPolicy}</p>
      </section>
    </article>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

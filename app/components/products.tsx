import { Form, Link, useLocation, useNavigation, useSearchParams } from '@remix-run/react'
import type { ProductView } from '~/models/product.server'
import type { ReservationView } from '~/models/reservation.server'
import { DataTable } from './ui/table'

type Option = { id: number; name: string }
export type Lookups = { markets: Option[]; categories: Option[]; sellers: Option[] }

const money = (n: number) => n.toFixed(2)

/** This page with its filters, for the detail page's Back button. */
function useHere() {
  const location = useLocation()
  return location.pathname + location.search
}

/** Only what a table row shows, so list pages stay small on a weak connection. */
export function tableRow(p: ProductView) {
  return {
    pId: p.pId,
    sellerName: p.sellerName,
    marketShortName: p.market.shortName,
    todayRemaining: p.todayRemaining,
    totalRemaining: p.totalRemaining,
    limit: p.limit,
    commission: p.commission,
    keywords: p.keywords,
    thumb: p.image.thumb,
    status: p.status,
    reservedByYou: p.reservedByYou,
  }
}
export type ProductTableRow = ReturnType<typeof tableRow>

export function tableList<T extends { rows: ProductView[] }>(list: T) {
  return { ...list, rows: list.rows.map(tableRow) }
}

function Select({
  name,
  label,
  options,
  value,
}: {
  name: string
  label: string
  options: Option[]
  value: string
}) {
  return (
    <div className="field">
      <label htmlFor={`filter-${name}`} className="field__label">
        {label}
      </label>
      <select id={`filter-${name}`} name={name} defaultValue={value} className="field__input">
        <option value="">All</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  )
}

/** The numeric product id filter and the Search button that end both filter forms. */
function ProductIdFilter({ name, label, value }: { name: string; label: string; value: string }) {
  return (
    <>
      <div className="field">
        <label htmlFor={`filter-${name}`} className="field__label">
          {label}
        </label>
        <input
          id={`filter-${name}`}
          name={name}
          type="number"
          inputMode="numeric"
          min={1}
          defaultValue={value}
          className="field__input"
        />
      </div>
      <div className="filters__actions">
        <button type="submit" className="btn btn--primary">
          Search
        </button>
      </div>
    </>
  )
}

/** The GET filter form: the filters live in the URL, so a filtered list can be bookmarked. */
export function ProductFilters({ lookups, tab }: { lookups: Lookups; tab?: string }) {
  const [params] = useSearchParams()
  const value = (name: string) => params.get(name) ?? ''
  return (
    <Form method="get" className="filters" role="search" aria-label="Filter products">
      {tab ? <input type="hidden" name="tab" value={tab} /> : null}
      <Select
        name="chineseSeller"
        label="Chinese Seller"
        options={lookups.sellers}
        value={value('chineseSeller')}
      />
      <Select name="market" label="Market" options={lookups.markets} value={value('market')} />
      <Select
        name="categoryId"
        label="Categories"
        options={lookups.categories}
        value={value('categoryId')}
      />
      <div className="field">
        <label htmlFor="filter-searchByKey" className="field__label">
          Search by keyword
        </label>
        <input
          id="filter-searchByKey"
          name="searchByKey"
          type="search"
          defaultValue={value('searchByKey')}
          className="field__input"
        />
      </div>
      <ProductIdFilter name="productId" label="Product ID" value={value('productId')} />
    </Form>
  )
}

/** The enable/disable switch: a form, so it works without JavaScript. */
export function StatusSwitch({ pId, published }: { pId: number; published: boolean }) {
  return (
    <Form method="post" className="switch-form">
      <input type="hidden" name="intent" value="setStatus" />
      <input type="hidden" name="pId" value={pId} />
      <input type="hidden" name="status" value={published ? 'disabled' : 'published'} />
      <button
        type="submit"
        role="switch"
        aria-checked={published}
        aria-label={`${published ? 'Disable' : 'Enable'} product ${pId}`}
        className="switch"
      >
        <span className="switch__track" aria-hidden="true">
          <span className="switch__thumb" />
        </span>
      </button>
    </Form>
  )
}

function ReserveButton({ product }: { product: ProductTableRow }) {
  const soldOut = product.todayRemaining <= 0 || product.totalRemaining <= 0
  const held = product.reservedByYou
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="reserve" />
      <input type="hidden" name="pId" value={product.pId} />
      <button
        type="submit"
        className="btn btn--primary btn--small"
        disabled={soldOut || held}
        aria-label={`Reserve product ${product.pId}`}
        title={held ? 'You hold this product' : soldOut ? 'Nothing remains today' : undefined}
      >
        {held ? 'Reserved' : 'Reserve'}
      </button>
    </Form>
  )
}

export const PRODUCT_COLUMNS = [
  'Seller Name',
  'Market',
  'Today Remaining',
  'Total Remaining',
  'Sale Limit',
  'Commission',
  'Keyword',
  'Product ID',
  'Image',
  'View',
]

/** The products table; the last column is a switch (managers, admins) or a Reserve button. */
export function ProductTable({
  rows,
  action,
  caption,
}: {
  rows: ProductTableRow[]
  action: 'switch' | 'reserve'
  caption: string
}) {
  const here = useHere()
  return (
    <DataTable
      caption={caption}
      headers={[...PRODUCT_COLUMNS, action === 'switch' ? 'Status' : 'Reserve']}
      rowCount={rows.length}
    >
      {rows.map((p) => (
        <tr key={p.pId}>
          <td>{p.sellerName}</td>
          <td>{p.marketShortName}</td>
          <td className="num">{p.todayRemaining}</td>
          <td className="num">{p.totalRemaining}</td>
          <td className="num">{p.limit}</td>
          <td className="num">{money(p.commission)}</td>
          <td className="table__keywords">{p.keywords}</td>
          <td className="num">{p.pId}</td>
          <td>
            <img src={p.thumb} alt="" width={50} height={50} loading="lazy" className="thumb" />
          </td>
          <td>
            <Link
              to={`/view/${p.pId}`}
              state={{ back: here }}
              className="btn btn--small"
              aria-label={`View product ${p.pId}`}
            >
              View
            </Link>
          </td>
          <td>
            {action === 'switch' ? (
              <StatusSwitch pId={p.pId} published={p.status === 'published'} />
            ) : (
              <ReserveButton product={p} />
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  )
}

const RESERVED_COLUMNS = [
  '#',
  'User',
  'Reserved By',
  'Product ID',
  'Creation Time',
  'Image',
  'View',
  'Release',
]

export function timeLeftLabel(minutes: number) {
  return minutes >= 1 ? `${minutes} MINUTES LEFT` : 'LESS THAN 1 MINUTE LEFT'
}

/** Active reservations, with RELEASE and CREATE ORDER; the Reservations screen adds the time left. */
export function ReservationTable({
  rows,
  showTimeLeft,
  releaseLabel,
  createOrderLabel,
}: {
  rows: ReservationView[]
  showTimeLeft: boolean
  releaseLabel: string
  createOrderLabel: string
}) {
  const here = useHere()
  const headers = [...RESERVED_COLUMNS, ...(showTimeLeft ? ['Time Left'] : []), 'Create Order']
  return (
    <DataTable caption="Reserved products" headers={headers} rowCount={rows.length}>
      {rows.map((r) => (
        <tr key={r.id}>
          <td className="num">{r.number}</td>
          <td>{r.managerName}</td>
          <td>{r.marketerName}</td>
          <td className="num">{r.pId}</td>
          <td className="nowrap">{new Date(r.createdAt).toISOString().slice(0, 10)}</td>
          <td>
            <img src={r.thumb} alt="" width={50} height={50} loading="lazy" className="thumb" />
          </td>
          <td>
            <Link
              to={`/view/${r.pId}`}
              state={{ back: here }}
              className="btn btn--small"
              aria-label={`View product ${r.pId}`}
            >
              View
            </Link>
          </td>
          <td>
            {r.canRelease ? (
              <Form method="post">
                <input type="hidden" name="intent" value="release" />
                <input type="hidden" name="reservationId" value={r.id} />
                <button
                  type="submit"
                  className="btn btn--small"
                  aria-label={`Release product ${r.pId}`}
                >
                  {releaseLabel}
                </button>
              </Form>
            ) : null}
          </td>
          {showTimeLeft ? (
            <td>
              <span className="badge">{timeLeftLabel(r.minutesLeft)}</span>
            </td>
          ) : null}
          <td>
            <Link
              to={`/orders?tab=add&pId=${r.pId}`}
              className="btn btn--primary btn--small"
              aria-label={`Create order for product ${r.pId}`}
            >
              {createOrderLabel}
            </Link>
          </td>
        </tr>
      ))}
    </DataTable>
  )
}

/** Filters of the reserved lists: Seller Name (managers; Reservations screen only), Market, Product ID. */
export function ReservationFilters({
  markets,
  managers,
  tab,
  productIdLabel,
}: {
  markets: Option[]
  managers?: Option[]
  tab: string
  productIdLabel: string
}) {
  const [params] = useSearchParams()
  return (
    <Form method="get" className="filters" role="search" aria-label="Filter reservations">
      <input type="hidden" name="tab" value={tab} />
      {managers ? (
        <Select
          name="sellerName"
          label="Seller Name"
          options={managers}
          value={params.get('sellerName') ?? ''}
        />
      ) : null}
      <Select name="market" label="Market" options={markets} value={params.get('market') ?? ''} />
      <ProductIdFilter
        name="searchByID"
        label={productIdLabel}
        value={params.get('searchByID') ?? ''}
      />
    </Form>
  )
}

/** The end of both reserve forms: the reserve time, CANCEL (a fresh form) and RESERVE NOW. */
export function ReserveFormActions({ minutes }: { minutes: number }) {
  const navigation = useNavigation()
  return (
    <>
      <p className="field__hint">Reserve Time: {minutes} Minutes</p>
      <div className="form-actions">
        <Link to="?tab=reserve" className="btn">
          CANCEL
        </Link>
        <button
          type="submit"
          className="btn btn--primary"
          disabled={navigation.state === 'submitting'}
        >
          RESERVE NOW
        </button>
      </div>
    </>
  )
}

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useLoaderData, useLocation } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { PageTabs } from '~/components/layout'
import { ReservationFilters, ReservationTable, ReserveFormActions } from '~/components/products'
import { Pagination } from '~/components/ui/table'
import { listMarkets } from '~/models/lookup.server'
import { listReservations, RESERVATION_MINUTES } from '~/models/reservation.server'
import { listManagers } from '~/models/user.server'
import { requireUser } from '~/utils/auth.server'
import { releaseAndRedirect, reserveAndRedirect, samePage } from '~/utils/product-actions.server'
import { reservationFiltersFromUrl } from '~/schemas/list-queries'
import { redirectWithToast } from '~/utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Reservations' }]

const TABS = [
  { id: 'reserve', label: 'ADD NEW RESERVATION' },
  { id: 'reserved', label: 'RESERVED' },
] as const

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const params = new URL(request.url).searchParams
  const tab = params.get('tab') === 'reserve' ? 'reserve' : 'reserved'
  return {
    tab,
    reserveMinutes: RESERVATION_MINUTES,
    markets: tab === 'reserved' ? listMarkets() : [],
    managers: tab === 'reserved' ? listManagers() : [],
    reservations:
      tab === 'reserved' ? listReservations(user, reservationFiltersFromUrl(params)) : null,
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const form = await request.formData()
  const intent = form.get('intent')
  // Free text on the client (spec section 5); the server answers anything that is not a
  // 6-digit number with a clear message. Either way the field comes back empty.
  if (intent === 'reserve') {
    return reserveAndRedirect(user, form.get('pId'), {
      success: '/reservations',
      failure: '/reservations?tab=reserve',
    })
  }
  if (intent === 'release') return releaseAndRedirect(user, form, samePage(request))
  return redirectWithToast(samePage(request), { type: 'error', message: 'Unknown action.' })
}

export default function Reservations() {
  const { tab, markets, managers, reservations, reserveMinutes } = useLoaderData<typeof loader>()
  const location = useLocation()
  return (
    <section className="panel">
      <h1 className="sr-only">Reservations</h1>
      <PageTabs
        tabs={TABS.map((t) => ({ label: t.label, to: `?tab=${t.id}`, active: t.id === tab }))}
      />
      {tab === 'reserve' ? (
        <Form method="post" className="reserve-form" key={location.key}>
          <input type="hidden" name="intent" value="reserve" />
          <div className="field">
            <label htmlFor="reserve-pId" className="field__label">
              Enter Product ID
            </label>
            <input
              id="reserve-pId"
              name="pId"
              type="text"
              autoComplete="off"
              className="field__input"
            />
          </div>
          <ReserveFormActions minutes={reserveMinutes} />
        </Form>
      ) : reservations ? (
        <>
          <ReservationFilters
            markets={markets}
            managers={managers}
            tab="reserved"
            productIdLabel="Search By Product ID"
          />
          <ReservationTable
            rows={reservations.rows}
            showTimeLeft
            releaseLabel="RELEASE"
            createOrderLabel="CREATE ORDER"
          />
          <Pagination
            page={reservations.page}
            pageCount={reservations.pageCount}
            total={reservations.total}
          />
        </>
      ) : null}
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

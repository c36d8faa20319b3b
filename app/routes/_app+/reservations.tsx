import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { PageTabs } from '~/components/layout'
import { ListFilters } from '~/components/list/list-filters'
import { Pagination } from '~/components/list/pagination'
import {
  RESERVATION_FILTERS_LABEL,
  reservationFilters,
} from '~/components/reservations/reservation-filters'
import { LateReservations } from '~/components/reservations/late-reservations'
import { ReservationTable } from '~/components/reservations/reservation-table'
import { TypedIdReserveForm } from '~/components/reservations/typed-id-reserve-form'
import { listMarkets } from '~/models/lookup.server'
import {
  lateReservations,
  listReservations,
  RESERVATION_MINUTES,
} from '~/models/reservation.server'
import { listManagers } from '~/models/user.server'
import { ReservationListQuery, reservationFiltersFromUrl } from '~/schemas/list-queries'
import { requireUser } from '~/utils/auth.server'
import { restoreListPlace } from '~/utils/list-place.server'
import { intentOf, unknownIntent } from '~/utils/intent.server'
import {
  backToRow,
  releaseAndRedirect,
  reserveTypedIdAndRedirect,
} from '~/utils/product-actions.server'
import { RESERVED_LIST_ID } from '~/utils/row-ids'
import { readForm } from '~/utils/upload.server'

export const meta: MetaFunction = () => [{ title: 'Reservations' }]

const TABS = [
  { id: 'reserve', label: 'ADD NEW RESERVATION' },
  { id: 'reserved', label: 'RESERVED' },
] as const

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const params = new URL(request.url).searchParams
  if (params.get('tab') === 'reserve') {
    return { tab: 'reserve' as const, reserveMinutes: RESERVATION_MINUTES }
  }
  await restoreListPlace(request, user, Object.keys(ReservationListQuery.shape))
  return {
    tab: 'reserved' as const,
    markets: listMarkets(),
    managers: listManagers(),
    reservations: listReservations(user, reservationFiltersFromUrl(params)),
    late: lateReservations(user),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const form = await readForm(request)
  switch (intentOf(form)) {
    case 'reserve':
      // Free text on this screen (spec section 5): the server's message either way, and the
      // field comes back empty.
      return reserveTypedIdAndRedirect(user, form.get('pId'), {
        success: '/reservations',
        failure: '/reservations?tab=reserve',
      })
    case 'release':
      return releaseAndRedirect(user, form, backToRow(request, RESERVED_LIST_ID))
    default:
      throw unknownIntent()
  }
}

export default function Reservations() {
  const data = useLoaderData<typeof loader>()
  return (
    <section className="panel">
      <h1 className="sr-only">Reservations</h1>
      <PageTabs
        tabs={TABS.map((t) => ({ label: t.label, to: `?tab=${t.id}`, active: t.id === data.tab }))}
      />
      {data.tab === 'reserve' ? (
        <TypedIdReserveForm minutes={data.reserveMinutes} />
      ) : (
        <>
          <ListFilters
            label={RESERVATION_FILTERS_LABEL}
            filters={reservationFilters({
              markets: data.markets,
              managers: data.managers,
              productIdLabel: 'Search By Product ID',
            })}
            keep={{ tab: 'reserved' }}
          />
          <ReservationTable
            rows={data.reservations.rows}
            variant={{
              showTimeLeft: true,
              releaseLabel: 'RELEASE',
              createOrderLabel: 'CREATE ORDER',
            }}
          />
          <Pagination
            page={data.reservations.page}
            pageCount={data.reservations.pageCount}
            total={data.reservations.total}
          />
          <LateReservations
            reservations={data.late}
            createOrderTo={(pId) => `/orders?tab=add&pId=${pId}`}
          />
        </>
      )}
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

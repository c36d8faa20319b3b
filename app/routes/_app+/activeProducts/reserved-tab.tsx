import { clientLazy } from '~/components/client-lazy'
import { ListFilters, type Option } from '~/components/list/list-filters'
import { Pagination } from '~/components/list/pagination'
import {
  RESERVATION_FILTERS_LABEL,
  reservationFilters,
} from '~/components/reservations/reservation-filters'
import type { Page } from '~/models/paginate.server'
import type { ReservationView } from '~/models/reservation.server'

// The table's code comes with this tab only, on first use (the server renders it at once).
const ReservationTable = clientLazy(() =>
  import('~/components/reservations/reservation-table').then((m) => m.ReservationTable),
)

/** RESERVED: the active reservations the user may see, filtered by market and product id. */
export function ReservedTab({
  markets,
  reservations,
}: {
  markets: ReadonlyArray<Option>
  reservations: Page<ReservationView>
}) {
  return (
    <>
      <ListFilters
        label={RESERVATION_FILTERS_LABEL}
        filters={reservationFilters({ markets, productIdLabel: 'Search by Product ID' })}
        keep={{ tab: 'reserved' }}
      />
      <ReservationTable
        rows={reservations.rows}
        variant={{ showTimeLeft: false, releaseLabel: 'Release', createOrderLabel: 'Create Order' }}
      />
      <Pagination
        page={reservations.page}
        pageCount={reservations.pageCount}
        total={reservations.total}
      />
    </>
  )
}

import { listMarkets } from '~/models/lookup.server'
import { listReservations } from '~/models/reservation.server'
import type { User } from '~/models/user.server'
import { reservationFiltersFromUrl } from '~/schemas/list-queries'

export function reservedTabData(user: User, params: URLSearchParams) {
  return {
    markets: listMarkets(),
    reservations: listReservations(user, reservationFiltersFromUrl(params)),
  }
}

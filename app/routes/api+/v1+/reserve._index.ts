import { api, endpoint } from '~/api/endpoint.server'
import { pageWire, reservationWire } from '~/api/serializers.server'
import { pageOf, ReservationWire } from '~/api/wire-schemas'
import { ok } from '~/core/result'
import { listReservations } from '~/models/reservation.server'
import { ReservationListQuery, reservationFilters } from '~/schemas/list-queries'

const endpoints = api(
  endpoint({
    method: 'GET',
    path: '/reserve/',
    tag: 'Reservations',
    summary: 'The active reservations the caller may see',
    description:
      'A pm sees their own, a pmm those on their products, an admin all. `searchByID` and `productId` are two spellings of one filter.',
    query: ReservationListQuery,
    response: pageOf(ReservationWire),
    handler: ({ user, query }) => {
      const filters = reservationFilters(query)
      if (!filters.ok) return filters
      return ok(pageWire(listReservations(user, filters.filters), reservationWire))
    },
  }),
)

export const loader = endpoints.loader
export const action = endpoints.action

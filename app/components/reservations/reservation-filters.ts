import type { FilterDef, Option } from '~/components/list/list-filters'
import type { ReservationListQuery } from '~/schemas/list-queries'
import type { z } from 'zod'

type Name = keyof z.infer<typeof ReservationListQuery>

/**
 * The reserved-list filters: Seller Name (a select of managers, on the Reservations screen only),
 * Market and the product id, named as the list's query schema names them.
 */
export function reservationFilters({
  markets,
  managers,
  productIdLabel,
}: {
  markets: ReadonlyArray<Option>
  managers?: ReadonlyArray<Option>
  productIdLabel: string
}): Array<FilterDef<Name>> {
  return [
    ...(managers
      ? [{ type: 'select', name: 'sellerName', label: 'Seller Name', options: managers } as const]
      : []),
    { type: 'select', name: 'market', label: 'Market', options: markets },
    { type: 'number', name: 'searchByID', label: productIdLabel },
  ]
}

export const RESERVATION_FILTERS_LABEL = 'Filter reservations'

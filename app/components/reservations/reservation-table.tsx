import { RowLink, ViewLink } from '~/components/list/row-actions'
import { DataTable, type Column } from '~/components/list/data-table'
import type { ReservationView } from '~/models/reservation.server'
import { RESERVED_LIST_ID } from '~/utils/row-ids'
import { ReleaseButton } from './release-button'
import { Thumb } from '~/components/ui/picture'

export function timeLeftLabel(minutes: number) {
  return minutes >= 1 ? `${minutes} MINUTES LEFT` : 'LESS THAN 1 MINUTE LEFT'
}

/** How a screen shows the reserved list: its button labels, and whether time left is a column. */
export type ReservationTableVariant = {
  showTimeLeft: boolean
  releaseLabel: string
  createOrderLabel: string
}

/** The RESERVED columns of spec section 2; the Reservations screen adds the time left. */
export function reservationColumns(v: ReservationTableVariant): Array<Column<ReservationView>> {
  return [
    { header: '#', cell: (r) => r.number, className: 'num' },
    { header: 'User', cell: (r) => r.managerName },
    { header: 'Reserved By', cell: (r) => r.marketerName },
    { header: 'Product ID', cell: (r) => r.pId, className: 'num' },
    {
      header: 'Creation Time',
      cell: (r) => new Date(r.createdAt).toISOString().slice(0, 10),
      className: 'nowrap',
    },
    {
      header: 'Image',
      cell: (r) => <Thumb src={r.thumb} />,
    },
    {
      header: 'View',
      cell: (r) => <ViewLink to={`/view/${r.pId}`} label={`View product ${r.pId}`} />,
    },
    {
      header: 'Release',
      cell: (r) =>
        r.canRelease ? (
          <ReleaseButton reservationId={r.id} pId={r.pId} label={v.releaseLabel} />
        ) : null,
    },
    ...(v.showTimeLeft
      ? [
          {
            header: 'Time Left',
            cell: (r: ReservationView) => (
              <span className="badge">{timeLeftLabel(r.minutesLeft)}</span>
            ),
          },
        ]
      : []),
    {
      header: 'Create Order',
      cell: (r) => (
        <RowLink
          to={`/orders?tab=add&pId=${r.pId}`}
          className="btn btn--primary btn--small"
          aria-label={`Create order for product ${r.pId}`}
        >
          {v.createOrderLabel}
        </RowLink>
      ),
    },
  ]
}

/** A phone's compact card: whose, which product, the time left and the row's three actions. */
const RESERVATION_CARD = [
  'User',
  'Reserved By',
  'Product ID',
  'Time Left',
  'View',
  'Release',
  'Create Order',
]

export function ReservationTable({
  rows,
  variant,
}: {
  rows: ReadonlyArray<ReservationView>
  variant: ReservationTableVariant
}) {
  return (
    <DataTable
      caption="Reserved products"
      columns={reservationColumns(variant)}
      rows={rows}
      rowKey={(r) => r.id}
      card={RESERVATION_CARD}
      id={RESERVED_LIST_ID}
    />
  )
}

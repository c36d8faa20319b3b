import { RowButton } from '~/components/list/row-actions'

/** RELEASE in a reserved row: ends the reservation and comes back to the same list. */
export function ReleaseButton({
  reservationId,
  pId,
  label,
}: {
  reservationId: number
  pId: number
  label: string
}) {
  return (
    <RowButton fields={{ intent: 'release', reservationId }} aria-label={`Release product ${pId}`}>
      {label}
    </RowButton>
  )
}

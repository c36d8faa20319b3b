import { StatusButton } from '~/components/forms/button'
import { RowForm } from '~/components/list/row-actions'

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
    <RowForm fields={{ intent: 'release', reservationId }}>
      {(pending) => (
        <StatusButton size="small" pending={pending} aria-label={`Release product ${pId}`}>
          {label}
        </StatusButton>
      )}
    </RowForm>
  )
}

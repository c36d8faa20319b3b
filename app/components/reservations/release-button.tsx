import { Form } from '@remix-run/react'
import { StatusButton } from '~/components/forms/button'
import { useIsPending } from '~/components/forms/use-is-pending'

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
  const pending = useIsPending({
    formData: { intent: 'release', reservationId: String(reservationId) },
  })
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="release" />
      <input type="hidden" name="reservationId" value={reservationId} />
      <StatusButton size="small" pending={pending} aria-label={`Release product ${pId}`}>
        {label}
      </StatusButton>
    </Form>
  )
}

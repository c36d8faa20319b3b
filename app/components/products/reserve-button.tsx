import { Form } from '@remix-run/react'
import { StatusButton } from '~/components/forms/button'
import { useIsPending } from '~/components/forms/use-is-pending'

/** A pm's Reserve button in a product row; the answer comes back to the same list. */
export function ReserveButton({
  pId,
  soldOut,
  held,
}: {
  pId: number
  soldOut: boolean
  held: boolean
}) {
  const pending = useIsPending({ formData: { intent: 'reserveRow', pId: String(pId) } })
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="reserveRow" />
      <input type="hidden" name="pId" value={pId} />
      <StatusButton
        variant="primary"
        size="small"
        pending={pending}
        disabled={soldOut || held}
        aria-label={`Reserve product ${pId}`}
        title={held ? 'You hold this product' : soldOut ? 'Nothing remains today' : undefined}
      >
        {held ? 'Reserved' : 'Reserve'}
      </StatusButton>
    </Form>
  )
}

import { RowButton } from '~/components/list/row-actions'

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
  return (
    <RowButton
      fields={{ intent: 'reserveRow', pId }}
      variant="primary"
      disabled={soldOut || held}
      // The name starts with the visible label (WCAG 2.5.3), and says which product.
      aria-label={`${held ? 'Reserved' : 'Reserve'} product ${pId}`}
      title={held ? 'You hold this product' : soldOut ? 'Nothing remains today' : undefined}
    >
      {held ? 'Reserved' : 'Reserve'}
    </RowButton>
  )
}

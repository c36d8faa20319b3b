import { StatusButton } from '~/components/forms/button'
import { RowForm } from '~/components/list/row-actions'

/**
 * The enable/disable switch of a product row ("Product N published", on or off): a form, so it
 * works without JavaScript; pressing it posts the other state.
 */
export function StatusSwitch({ pId, published }: { pId: number; published: boolean }) {
  return (
    <RowForm
      fields={{ intent: 'setStatus', pId, status: published ? 'disabled' : 'published' }}
      className="switch-form"
    >
      {(pending) => (
        <StatusButton
          variant="bare"
          className="switch"
          pending={pending}
          role="switch"
          aria-checked={published}
          // A stable name; the state is aria-checked (on: published), as a switch reads.
          aria-label={`Product ${pId} published`}
        >
          <span className="switch__track" aria-hidden="true">
            <span className="switch__thumb" />
          </span>
        </StatusButton>
      )}
    </RowForm>
  )
}

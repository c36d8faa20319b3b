import { StatusButton } from '~/components/forms/button'
import { RowForm } from '~/components/list/row-actions'

/** The enable/disable switch of a product row: a form, so it works without JavaScript. */
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
          aria-label={`${published ? 'Disable' : 'Enable'} product ${pId}`}
        >
          <span className="switch__track" aria-hidden="true">
            <span className="switch__thumb" />
          </span>
        </StatusButton>
      )}
    </RowForm>
  )
}

import { Form } from '@remix-run/react'
import { StatusButton } from '~/components/forms/button'
import { useIsPending } from '~/components/forms/use-is-pending'

/** The enable/disable switch of a product row: a form, so it works without JavaScript. */
export function StatusSwitch({ pId, published }: { pId: number; published: boolean }) {
  const pending = useIsPending({ formData: { intent: 'setStatus', pId: String(pId) } })
  return (
    <Form method="post" className="switch-form">
      <input type="hidden" name="intent" value="setStatus" />
      <input type="hidden" name="pId" value={pId} />
      <input type="hidden" name="status" value={published ? 'disabled' : 'published'} />
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
    </Form>
  )
}

import { Form } from '@remix-run/react'
import { StatusButton } from '~/components/forms/button'
import { useIsPending } from '~/components/forms/use-is-pending'
import { Dialog, DialogCancel } from '~/components/ui/dialog'
import type { RemoveTarget } from './scammer-table'

/** Remove's confirm step (a panel without JavaScript, a modal with it). */
export function RemoveDialog({
  target,
  cancelHref,
  onClose,
}: {
  target: RemoveTarget
  cancelHref: string
  onClose: () => void
}) {
  const pending = useIsPending({ formData: { intent: 'remove', id: String(target.id) } })
  return (
    <Dialog title={`Remove ${target.email} from the Scammer PayPal list?`} onClose={onClose}>
      <Form method="post" preventScrollReset className="form-actions">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="id" value={target.id} />
        <StatusButton className="btn--danger" pending={pending}>
          Remove
        </StatusButton>
        <DialogCancel to={cancelHref} />
      </Form>
    </Dialog>
  )
}

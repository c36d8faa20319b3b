import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'
import { StatusButton } from '~/components/forms/button'
import { useIsPending } from '~/components/forms/use-is-pending'
import { Dialog, DialogCancel } from './dialog'

/*
 * The confirm step of a destructive row action (Remove, Disable, Delete): a URL step of the list
 * (`?remove=12`, `?delete=12`; components/list/url-step), reached by the row's StepLink, so it
 * works without JavaScript: the server renders the step open and Cancel is a link back. With
 * JavaScript the link opens the same step in place, as a modal dialog.
 */

/**
 * The confirm step (the shared Dialog: a panel without JavaScript, a modal with it). `fields` are
 * posted with the confirm button (the intent and the id).
 */
export function ConfirmDialog({
  title,
  children,
  fields,
  confirmLabel,
  cancelHref,
  onClose,
}: {
  title: string
  children?: ReactNode
  fields: Record<string, string>
  confirmLabel: string
  cancelHref: string
  onClose: () => void
}) {
  const pending = useIsPending({ formData: fields })
  return (
    <Dialog title={title} onClose={onClose}>
      {children}
      <Form method="post" preventScrollReset className="form-actions">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <StatusButton className="btn--danger" pending={pending}>
          {confirmLabel}
        </StatusButton>
        {/* The safe choice has the focus first: Enter on arrival keeps things as they are. */}
        <DialogCancel to={cancelHref} first />
      </Form>
    </Dialog>
  )
}

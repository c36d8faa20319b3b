import { Form, Link } from '@remix-run/react'
import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react'
import { StatusButton } from '~/components/forms/button'
import { useIsPending } from '~/components/forms/use-is-pending'
import type { RemoveTarget } from './scammer-table'

/**
 * Remove's confirm step. Rendered open by the server, it is a panel on the page that works without
 * JavaScript (Cancel is a link back to the list). Once hydrated it becomes a modal dialog: the page
 * behind is inert, focus stays inside, Escape or Cancel closes it and focus returns to the button
 * that opened it.
 */
export function RemoveDialog({
  target,
  cancelHref,
  onClose,
}: {
  target: RemoveTarget
  cancelHref: string
  onClose: () => void
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const pending = useIsPending({ formData: { intent: 'remove', id: String(target.id) } })
  useEffect(() => {
    const dialog = ref.current
    if (!dialog || dialog.matches(':modal')) return
    dialog.close()
    dialog.showModal()
  }, [])
  // close() above also fires `close` (later, when the dialog is open again as a modal): ignored.
  const closed = () => {
    if (!ref.current?.open) onClose()
  }
  // A modal dialog makes the page inert, but Tab would still leave it for the browser's own
  // controls: it wraps around inside instead.
  const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !ref.current) return
    const focusable = ref.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')
    const first = focusable[0]
    const last = focusable[focusable.length - 1]
    if (!first || !last) return
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }
  const cancel = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    ref.current?.close()
  }
  return (
    <dialog
      ref={ref}
      open
      className="dialog"
      aria-labelledby="remove-title"
      onClose={closed}
      onKeyDown={trapTab}
    >
      <h2 id="remove-title" className="dialog__title">
        Remove {target.email} from the Scammer PayPal list?
      </h2>
      <Form method="post" preventScrollReset className="form-actions">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="id" value={target.id} />
        <StatusButton className="btn--danger" pending={pending}>
          Remove
        </StatusButton>
        <Link to={cancelHref} preventScrollReset onClick={cancel} className="btn">
          Cancel
        </Link>
      </Form>
    </dialog>
  )
}

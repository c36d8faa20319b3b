import { Link } from '@remix-run/react'
import { useRef, type FormEvent } from 'react'
import { OUTBOX_TEXT } from './outbox-text'
import { waitingCount, type OutboxState } from './use-outbox'

/** The header's Outbox link with the number of orders waiting on this device; none when none. */
export function OutboxBadge({ outbox }: { outbox: OutboxState | null }) {
  const count = waitingCount(outbox)
  if (count === 0) return null
  return (
    <Link to="/orders?tab=add#outbox" className="outbox-badge">
      Outbox <span className="outbox-badge__count">{count}</span>
    </Link>
  )
}

/**
 * Signing out with orders waiting in the outbox asks first: keep them on this device (for this
 * user's next sign-in here; nobody else sees them) or discard them. `onSubmit` goes on the
 * sign-out form; `dialog` is rendered next to it.
 */
export function useSignOutQuestion(outbox: OutboxState | null) {
  const dialog = useRef<HTMLDialogElement>(null)
  const form = useRef<HTMLFormElement | null>(null)
  const asked = useRef(false)
  const count = waitingCount(outbox)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (asked.current || count === 0 || !outbox) {
      outbox?.mod.stopOutbox()
      return
    }
    event.preventDefault()
    form.current = event.currentTarget
    dialog.current?.showModal()
  }
  const leave = async (discard: boolean) => {
    if (discard && outbox) await outbox.mod.clearOutbox(outbox.owner)
    dialog.current?.close()
    asked.current = true
    form.current?.requestSubmit()
  }

  const element = (
    <dialog ref={dialog} className="dialog outbox-signout" aria-labelledby="outbox-signout-title">
      <h2 id="outbox-signout-title">Orders waiting in the Outbox</h2>
      <p>{OUTBOX_TEXT.signOutQuestion(count)}</p>
      <div className="form-actions">
        <button type="button" className="btn btn--primary" onClick={() => void leave(false)}>
          Keep and log out
        </button>
        <button type="button" className="btn btn--danger" onClick={() => void leave(true)}>
          Discard and log out
        </button>
        <button type="button" className="btn" onClick={() => dialog.current?.close()}>
          Cancel
        </button>
      </div>
    </dialog>
  )
  return { onSubmit, element }
}

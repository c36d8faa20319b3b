import { Link } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { OUTBOX_MESSAGES } from './outbox.client'
import { useOutbox, waitingCount, type OutboxState } from './use-outbox'
import './outbox.css'

/*
 * The signed-in shell's part of the outbox (issue 31), fetched only once this user's outbox holds
 * something (outbox-gate.tsx): the header's badge, the sending, and the question at sign-out.
 */

/** The header's Outbox link with the number of orders waiting on this device; none when none. */
export function OutboxBadge({ owner }: { owner: number }) {
  const count = waitingCount(useOutbox(owner))
  if (count === 0) return null
  return (
    <Link to="/orders?tab=add#outbox" className="outbox-badge">
      Outbox <span className="outbox-badge__count">{count}</span>
    </Link>
  )
}

/**
 * Sends what waits while this page is open, and asks at sign-out (any form posting to /logout)
 * what to do with waiting orders: keep them on this device (for this user's next sign-in here;
 * nobody else sees them) or discard them.
 */
export function OutboxSignOut({ owner }: { owner: number }) {
  const outbox = useOutbox(owner, { sends: true })
  const dialog = useRef<HTMLDialogElement>(null)
  const form = useRef<HTMLFormElement | null>(null)
  const asked = useRef(false)
  const count = waitingCount(outbox)
  const current = useRef<{ count: number; outbox: OutboxState | null }>({ count, outbox })
  current.current = { count, outbox }

  useEffect(() => {
    // Caught on the way down, before React's own handler sends the form.
    const onSubmit = (event: SubmitEvent) => {
      const target = event.target
      if (!(target instanceof HTMLFormElement)) return
      if (new URL(target.action, location.href).pathname !== '/logout') return
      if (asked.current || current.current.count === 0) {
        current.current.outbox?.mod.stopOutbox()
        return
      }
      event.preventDefault()
      event.stopPropagation()
      form.current = target
      dialog.current?.showModal()
    }
    document.addEventListener('submit', onSubmit, true)
    return () => document.removeEventListener('submit', onSubmit, true)
  }, [])

  const leave = async (discard: boolean) => {
    if (discard && outbox) await outbox.mod.clearOutbox(owner)
    dialog.current?.close()
    asked.current = true
    form.current?.requestSubmit()
  }

  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="outbox-signout-title">
      <h2 id="outbox-signout-title" className="dialog__title">
        Orders waiting in the Outbox
      </h2>
      <p>{OUTBOX_MESSAGES.signOutQuestion(count)}</p>
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
}

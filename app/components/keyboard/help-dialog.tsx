import { Link } from '@remix-run/react'
import { useEffect, useId, useRef } from 'react'
import type { LayerProps } from './keyboard-layer'
import { ShortcutTable } from './shortcut-table'

/** `?`: the keyboard shortcuts in a modal dialog (loaded on first use). */
export function HelpDialog({ role, onClose }: LayerProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const d = dialog.current
    if (d && !d.open) d.showModal()
    d?.querySelector<HTMLElement>('button')?.focus()
  }, [])
  return (
    <dialog ref={dialog} className="dialog help-dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId} className="dialog__title">
        Keyboard shortcuts
      </h2>
      <ShortcutTable admin={role === 'admin'} />
      <p>
        <Link to="/help" onClick={() => dialog.current?.close()}>
          Help page
        </Link>{' '}
        · Turn the single-key shortcuts off on your profile.
      </p>
      <div className="form-actions">
        <button type="button" className="btn" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
    </dialog>
  )
}

import { Link } from '@remix-run/react'
import {
  createContext,
  useContext,
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react'

/** Closes the dialog around (none outside a dialog). */
const CloseDialog = createContext<(() => void) | undefined>(undefined)

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea'

/**
 * A confirm step or a small form over the page. Rendered open by the server, it is a panel that
 * works without JavaScript (its Cancel is a link). Once hydrated it becomes a modal: the page
 * behind is inert, Tab stays inside, Escape or Cancel closes it and `onClose` runs.
 */
export function Dialog({
  title,
  onClose,
  children,
}: {
  title: ReactNode
  onClose: () => void
  children: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog || dialog.matches(':modal')) return
    dialog.close()
    dialog.showModal()
    // The control marked to start with (a confirm step's Cancel), else the first one.
    const start = dialog.querySelector<HTMLElement>('[data-autofocus]')
    ;(start ?? dialog.querySelector<HTMLElement>(FOCUSABLE))?.focus()
  }, [])
  // close() above also fires `close` (later, when the dialog is open again as a modal): ignored.
  const closed = () => {
    if (!ref.current?.open) onClose()
  }
  // A modal dialog makes the page inert, but Tab would still leave it for the browser's own
  // controls: it wraps around inside instead.
  const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !ref.current) return
    const focusable = ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)
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
  return (
    <dialog
      ref={ref}
      open
      className="dialog"
      aria-labelledby={titleId}
      onClose={closed}
      onKeyDown={trapTab}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      <CloseDialog.Provider value={() => ref.current?.close()}>{children}</CloseDialog.Provider>
    </dialog>
  )
}

/**
 * A step's Cancel: a link back to the page without the step (`to`), as it is without JavaScript and
 * outside a dialog (an inline edit form); in a modal dialog it closes the modal instead.
 */
export function DialogCancel({ to, first = false }: { to: string; first?: boolean }) {
  const close = useContext(CloseDialog)
  const cancel = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!close) return
    event.preventDefault()
    close()
  }
  return (
    <Link
      to={to}
      preventScrollReset
      onClick={cancel}
      className="btn"
      // The focus starts here (the safe choice): the page's autofocus without JavaScript, the
      // dialog's first focus with it.
      {...(first ? { autoFocus: true, 'data-autofocus': true } : {})}
    >
      Cancel
    </Link>
  )
}

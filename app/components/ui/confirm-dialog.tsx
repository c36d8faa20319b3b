import { Form, Link, useLocation, useNavigate, useSearchParams } from '@remix-run/react'
import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react'
import { StatusButton } from '~/components/forms/button'
import { useIsPending } from '~/components/forms/use-is-pending'

/*
 * The confirm step of a destructive row action (Remove, Disable, Delete). It is reached by a link
 * that adds a parameter to the list's URL (`?confirm=12`, `?delete=12`), so it works without
 * JavaScript: the server renders the step open and Cancel is a link back. With JavaScript the
 * link opens the same step in place, as a modal dialog.
 */

/**
 * The confirm step: a panel on the page without JavaScript; once hydrated a modal dialog (the
 * page behind is inert, focus stays inside, Escape or Cancel closes it and focus returns to the
 * link that opened it). `fields` are posted with the confirm button (the intent and the id).
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
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const pending = useIsPending({ formData: fields })
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
      aria-labelledby={titleId}
      onClose={closed}
      onKeyDown={trapTab}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      {children}
      <Form method="post" preventScrollReset className="form-actions">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <StatusButton className="btn--danger" pending={pending}>
          {confirmLabel}
        </StatusButton>
        <Link to={cancelHref} preventScrollReset onClick={cancel} className="btn">
          Cancel
        </Link>
      </Form>
    </dialog>
  )
}

/** The URL of this list without the confirm step's parameters. */
function useHrefWithout(stepParams: ReadonlyArray<string>) {
  const [params] = useSearchParams()
  const location = useLocation()
  const rest = new URLSearchParams(params)
  for (const name of stepParams) rest.delete(name)
  return `${location.pathname}${rest.size ? `?${rest}` : ''}`
}

/**
 * Which row the confirm step asks about: the one in the URL (the way without JavaScript), or the
 * one whose link was just clicked (with JavaScript, no page load). `stepParams` are the URL
 * parameters that open a step; Cancel's link drops them.
 */
export function useConfirmStep<Target>(fromUrl: Target | null, stepParams: ReadonlyArray<string>) {
  const [clicked, setClicked] = useState<Target | null>(null)
  const location = useLocation()
  const navigate = useNavigate()
  // Any navigation (the action's redirect, a search, a page link) ends the step.
  useEffect(() => setClicked(null), [location.key])
  const cancelHref = useHrefWithout(stepParams)
  return {
    target: clicked ?? fromUrl,
    cancelHref,
    open: setClicked,
    close: () => {
      if (clicked) setClicked(null)
      else navigate(cancelHref, { replace: true, preventScrollReset: true })
    },
  }
}

/**
 * A row's link to its confirm step: `step` are the parameters it adds to the URL (`replaces`, those
 * of another step it closes). With JavaScript a plain click calls `onOpen` instead (a new tab or
 * window keeps the link).
 */
export function ConfirmLink({
  step,
  replaces = [],
  onOpen,
  label,
  children,
  className = 'btn btn--small btn--danger',
}: {
  step: Record<string, string>
  replaces?: ReadonlyArray<string>
  onOpen?: () => void
  label: string
  children: ReactNode
  className?: string
}) {
  const [params] = useSearchParams()
  const next = new URLSearchParams(params)
  for (const name of replaces) next.delete(name)
  for (const [name, value] of Object.entries(step)) next.set(name, value)
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onOpen) return
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return
    }
    event.preventDefault()
    onOpen()
  }
  return (
    <Link
      to={`?${next}`}
      preventScrollReset
      onClick={open}
      className={className}
      aria-label={label}
    >
      {children}
    </Link>
  )
}

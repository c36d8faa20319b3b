import { Form, Link, useLocation, useNavigate, useSearchParams } from '@remix-run/react'
import { useEffect, useState, type MouseEvent, type ReactNode } from 'react'
import { StatusButton } from '~/components/forms/button'
import { useIsPending } from '~/components/forms/use-is-pending'
import { Dialog, DialogCancel } from './dialog'

/*
 * The confirm step of a destructive row action (Remove, Disable, Delete). It is reached by a link
 * that adds a parameter to the list's URL (`?confirm=12`, `?delete=12`), so it works without
 * JavaScript: the server renders the step open and Cancel is a link back. With JavaScript the
 * link opens the same step in place, as a modal dialog.
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
        <DialogCancel to={cancelHref} />
      </Form>
    </Dialog>
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

import { Form, useLocation } from '@remix-run/react'
import { useEffect, useRef, useState, type MutableRefObject, type PointerEvent } from 'react'
import { toastDuration, UNDO_TOAST_MS, type Toast } from '~/utils/toast'

/**
 * Toasts at the top right, in two live regions that are in the page from its first render, so
 * that a toast put in them later is announced: success and info politely (status), errors at
 * once (alert).
 *
 * A toast closes by itself through a CSS animation (so also without JavaScript) after 3000 ms in
 * the order and user areas and 5000 ms elsewhere; the animation pauses while the toast is hovered
 * or has the focus. With JavaScript an error stays until it is closed, and a toast dragged
 * sideways past 80 % of its width is dismissed (spec section 9).
 *
 * F6 (the key that moves between a window's regions) takes the focus to the toast's message and,
 * pressed again, back to where it was; Escape there closes the toast and returns the focus too.
 *
 * A toast with an Undo (a bulk change, issue 30) holds its form: a button that posts it, with
 * JavaScript or without, and stays for the Undo's 10 seconds.
 */
export function Toaster({ toast }: { toast: Toast | null | undefined }) {
  const { pathname } = useLocation()
  const [closed, setClosed] = useState<string | null>(null)
  // Without JavaScript the close button cannot act, so errors close by themselves there.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const returnTo = useRef<HTMLElement | null>(null)
  const leave = () => {
    const back = returnTo.current
    returnTo.current = null
    if (back?.isConnected) back.focus()
  }
  useF6ToToast(returnTo, leave)

  const visible = toast && closed !== toast.id ? toast : null
  const item = visible ? (
    <ToastItem
      key={visible.id}
      toast={visible}
      duration={visible.undo ? UNDO_TOAST_MS : toastDuration(pathname)}
      sticky={hydrated && visible.type === 'error'}
      onClose={() => setClosed(visible.id)}
      onDismiss={() => {
        setClosed(visible.id)
        leave()
      }}
    />
  ) : null
  const isError = visible?.type === 'error'
  return (
    <div className="toaster">
      <div role="status" aria-live="polite" className="toaster__region">
        {isError ? null : item}
      </div>
      <div role="alert" aria-live="assertive" className="toaster__region">
        {isError ? item : null}
      </div>
    </div>
  )
}

/** F6 goes to the toast shown (its message) and back. */
function useF6ToToast(returnTo: MutableRefObject<HTMLElement | null>, leave: () => void) {
  const back = useRef(leave)
  back.current = leave
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'F6' || event.altKey || event.ctrlKey || event.metaKey) return
      const toast = document.querySelector<HTMLElement>('[data-toast]')
      if (!toast) return
      event.preventDefault()
      if (toast.contains(document.activeElement)) return back.current()
      const active = document.activeElement
      returnTo.current = active instanceof HTMLElement && active !== document.body ? active : null
      toast.querySelector<HTMLElement>('.toast__message')?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [returnTo])
}

function ToastItem({
  toast,
  duration,
  sticky,
  onClose,
  onDismiss,
}: {
  toast: Toast
  duration: number
  sticky: boolean
  onClose: () => void
  onDismiss: () => void
}) {
  const drag = useDragToDismiss(onClose)
  return (
    <div
      className={`toast toast--${toast.type} toast--${duration}${sticky ? ' toast--sticky' : ''}`}
      data-toast
      onAnimationEnd={(event) => {
        if (event.animationName === 'toast-out') onClose()
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDismiss()
      }}
      {...drag}
    >
      {/* Focusable by script (F6, or after a change whose row is not on the page). */}
      <span className="toast__message" tabIndex={-1}>
        {toast.message}
      </span>
      {toast.undo ? (
        <Form method="post" action={toast.undo.action} className="toast__undo">
          {Object.entries(toast.undo.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className="btn btn--small">
            Undo
          </button>
        </Form>
      ) : null}
      <button type="button" className="toast__close" aria-label="Close" onClick={onDismiss}>
        ×
      </button>
    </div>
  )
}

/** A pointer drag sideways moves the toast; let go past 80 % of its width, it is dismissed. */
function useDragToDismiss(onDismiss: () => void) {
  const start = useRef<number | null>(null)
  const end = (event: PointerEvent<HTMLElement>, release: boolean) => {
    if (start.current === null) return
    const toast = event.currentTarget
    const distance = Math.abs(event.clientX - start.current)
    start.current = null
    delete toast.dataset.dragging
    if (release && distance >= 0.8 * toast.offsetWidth) {
      onDismiss()
    } else {
      toast.style.transform = ''
      toast.style.opacity = ''
    }
  }
  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.button !== 0 || (event.target as Element).closest('button')) return
      start.current = event.clientX
      event.currentTarget.setPointerCapture(event.pointerId)
      // Paused while held, like on hover (a touch has no hover).
      event.currentTarget.dataset.dragging = ''
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      if (start.current === null) return
      const toast = event.currentTarget
      const dx = event.clientX - start.current
      toast.style.transform = `translateX(${dx}px)`
      toast.style.opacity = String(Math.max(0.2, 1 - Math.abs(dx) / toast.offsetWidth))
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => end(event, true),
    onPointerCancel: (event: PointerEvent<HTMLElement>) => end(event, false),
  }
}

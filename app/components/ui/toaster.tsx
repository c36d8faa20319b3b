import { useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { toastDuration, type Toast } from '~/utils/toast'

/**
 * Shows a toast at the top right. It closes by itself through a CSS animation (so it also works
 * without JavaScript) after 3000 ms in the order and user areas and 5000 ms elsewhere.
 */
export function Toaster({ toast }: { toast: Toast | null | undefined }) {
  const { pathname } = useLocation()
  const [closed, setClosed] = useState<string | null>(null)
  const duration = toastDuration(pathname)

  useEffect(() => {
    if (!toast) return
    const timer = setTimeout(() => setClosed(toast.id), duration + 400)
    return () => clearTimeout(timer)
  }, [toast, duration])

  const visible = toast && closed !== toast.id ? toast : null
  if (!visible) return null
  return (
    <div className="toaster">
      <div
        key={visible.id}
        role={visible.type === 'error' ? 'alert' : 'status'}
        className={`toast toast--${visible.type} toast--${duration}`}
        data-toast
      >
        <span className="toast__message">{visible.message}</span>
        <button
          type="button"
          className="toast__close"
          aria-label="Close"
          onClick={() => setClosed(visible.id)}
        >
          ×
        </button>
      </div>
    </div>
  )
}

import { useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'

/** After the load event, when the browser is idle (as the outbox's gate). */
function whenUsable(run: () => void) {
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run)
  if (document.readyState === 'complete') idle()
  else window.addEventListener('load', idle, { once: true })
}

const hhmm = (time: number) => {
  const d = new Date(time)
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`
}

/**
 * Registers the service worker once the page is usable (decision 103); the page it did not load
 * (the first visit) sends it its URL and the files it loaded, to keep. On a page the worker
 * controls, after each navigation, the worker is asked whether the page shown is its offline copy:
 * "Offline copy from HH:MM" (the time the copy was taken, local time). This code is in the first
 * visit's bytes (about 0.4 KB compressed): a module of its own cost more in its request's headers
 * than it spared, and had to be in the worker's cache before the network went.
 */
export function OfflineNote() {
  const { key } = useLocation()
  const [note, setNote] = useState('')
  useEffect(() => {
    let live = true
    whenUsable(() => {
      const sw = navigator.serviceWorker
      if (!sw) return
      if (!sw.controller)
        return void sw
          .register('/sw.js')
          .then(() => sw.ready)
          .then((r) => {
            const assets = performance.getEntriesByType('resource').map((e) => e.name)
            r.active?.postMessage({ type: 'warm', page: location.href, assets })
          })
          .catch(() => undefined)
      fetch('/__offline-copy', { cache: 'no-store' })
        .then((r) => (r.ok ? r.json() : {}))
        .then(
          ({ takenAt }: { takenAt?: unknown }) =>
            live &&
            setNote(typeof takenAt === 'number' ? `Offline copy from ${hhmm(takenAt)}` : ''),
          () => undefined,
        )
    })
    return () => {
      live = false
    }
  }, [key])
  return note ? (
    <p className="offline-note" role="status">
      {note}
    </p>
  ) : null
}

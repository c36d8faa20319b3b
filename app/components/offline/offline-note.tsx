import { useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'

const load = () => import('./sw-register')

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
 * Registers the service worker once the page is usable (decision 102) and, after each navigation,
 * says when the page shown is the worker's offline copy: "Offline copy from HH:MM".
 */
export function OfflineNote() {
  const { key } = useLocation()
  const [takenAt, setTakenAt] = useState<number | null>(null)
  useEffect(() => {
    whenUsable(() => void load().then((m) => m.registerServiceWorker(), ignore))
  }, [])
  useEffect(() => {
    let live = true
    whenUsable(() =>
      load()
        .then((m) => m.offlineCopyTime())
        .then((time) => live && setTakenAt(time), ignore),
    )
    return () => {
      live = false
    }
  }, [key])
  return takenAt === null ? null : (
    <p className="offline-note" role="status">
      Offline copy from {hhmm(takenAt)}
    </p>
  )
}

const ignore = () => undefined

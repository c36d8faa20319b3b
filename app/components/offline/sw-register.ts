/*
 * The service worker's registration (issue 31 item 2, decision 102), fetched by <OfflineNote>
 * after the page is usable: nothing of it is in a first visit's critical bytes.
 */

const OFFLINE_COPY_PATH = '/__offline-copy'

/** Registers /sw.js; a page the worker did not load sends it its URL and built files to keep. */
export async function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return
  const controlled = Boolean(navigator.serviceWorker.controller)
  await navigator.serviceWorker.register('/sw.js', { scope: '/' })
  if (controlled) return
  const registration = await navigator.serviceWorker.ready
  const assets = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((href) => href.startsWith(`${location.origin}/assets/`))
  registration.active?.postMessage({ type: 'warm', page: location.href, assets })
}

/** When the copy this page shows was taken, if the worker served it from its cache. */
export async function offlineCopyTime(): Promise<number | null> {
  if (!navigator.serviceWorker?.controller) return null
  const response = await fetch(OFFLINE_COPY_PATH, { cache: 'no-store' })
  if (!response.ok) return null
  const { takenAt } = (await response.json()) as { takenAt?: unknown }
  return typeof takenAt === 'number' ? takenAt : null
}

import { useEffect, useState } from 'react'
import type { OutboxItem } from './outbox.client'
import { KEPT_COUNT_EVENT, keptCountKey } from './outbox-text'

/*
 * What every signed-in page carries of the outbox (issue 31): only this. The outbox's code, list,
 * header badge and sign-out question are fetched once this user's outbox holds something (its
 * count is mirrored in localStorage by outbox.client.ts), after the page is usable: a page whose
 * user has nothing waiting costs no outbox code.
 */

/** How many items this user's outbox holds, as its code last mirrored it (0 before hydration). */
function useKeptCount(owner: number | null | undefined) {
  const [count, setCount] = useState(0)
  useEffect(() => {
    if (owner === null || owner === undefined) return setCount(0)
    const read = () => {
      try {
        setCount(Number(localStorage.getItem(keptCountKey(owner)) ?? 0) || 0)
      } catch {
        setCount(0)
      }
    }
    read()
    window.addEventListener('storage', read)
    window.addEventListener(KEPT_COUNT_EVENT, read)
    return () => {
      window.removeEventListener('storage', read)
      window.removeEventListener(KEPT_COUNT_EVENT, read)
    }
  }, [owner])
  return count
}

function whenUsable(run: () => void) {
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run)
  if (document.readyState === 'complete') idle()
  else window.addEventListener('load', idle, { once: true })
}

/**
 * A module fetched once this user's outbox holds something and the page is usable; null until
 * then. A fetch that failed (offline) is tried again when the network is back.
 */
function useWhenKept<M>(owner: number | null | undefined, load: () => Promise<M>): M | null {
  const [mod, setMod] = useState<M | null>(null)
  const wanted = useKeptCount(owner) > 0
  useEffect(() => {
    if (!wanted) return
    let live = true
    const fetchIt = () =>
      load().then(
        (m) => live && setMod(() => m),
        () => window.addEventListener('online', fetchIt, { once: true }),
      )
    whenUsable(() => void fetchIt())
    return () => {
      live = false
      window.removeEventListener('online', fetchIt)
    }
  }, [wanted, load])
  return wanted ? mod : null
}

const loadShell = () => import('./outbox-shell')
const loadList = () => import('./outbox-list')

/**
 * Fetches the outbox's code ahead, while the network is there: the new-order form calls it when a
 * picture is chosen, so an order made offline a moment later can be kept, counted and listed.
 */
export function prefetchOutbox() {
  void Promise.all([loadShell(), loadList()]).catch(() => undefined)
}

/** The header's Outbox badge and the sign-out question, once there is something in the outbox. */
export function useOutboxShell(owner: number | null | undefined) {
  return useWhenKept(owner, loadShell)
}

/**
 * Where the outbox's list goes on the new-order page. A component of its own, so that its updates
 * re-render only itself: the form next to it may still be the server's HTML waiting for its code
 * (clientLazy), which an update from its parent would throw away.
 */
export function OutboxSlot({
  owner,
  onEdit,
}: {
  owner: number | null
  onEdit: (item: OutboxItem) => void
}) {
  const list = useWhenKept(owner, loadList)
  return list && owner !== null ? <list.OutboxListFor owner={owner} onEdit={onEdit} /> : null
}

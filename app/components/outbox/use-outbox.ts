import { useEffect, useState } from 'react'
import type { OutboxItem } from './outbox.client'

export type OutboxModule = typeof import('./outbox.client')
export type OutboxState = { mod: OutboxModule; owner: number; items: OutboxItem[] }

let loading: Promise<OutboxModule> | undefined
/** The outbox code, fetched once the page is usable (after its load event, when idle). */
export function loadOutbox() {
  loading ??= import('./outbox.client')
  return loading
}

function whenUsable(run: () => void) {
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run)
  if (document.readyState === 'complete') idle()
  else window.addEventListener('load', idle, { once: true })
}

/**
 * This user's outbox (null for a user who records no orders, and until its code is in): its
 * items, kept up to date across the user's tabs. `sends` (the signed-in shell, once per page):
 * sends what waits, now and whenever the network is back, until the shell goes.
 */
export function useOutbox(
  owner: number | null | undefined,
  { sends = false }: { sends?: boolean } = {},
): OutboxState | null {
  const [state, setState] = useState<OutboxState | null>(null)
  useEffect(() => {
    setState(null)
    if (owner === null || owner === undefined) return
    let live = true
    let off = () => {}
    whenUsable(() => {
      void loadOutbox().then((mod) => {
        if (!live) return
        const read = () =>
          void mod
            .listOutbox(owner)
            .then((items) => live && setState({ mod, owner, items }))
            .catch(() => undefined)
        const stop = mod.onOutboxChange(owner, read)
        off = () => void stop()
        read()
        if (sends) mod.startOutbox(owner)
      })
    })
    return () => {
      live = false
      off()
      if (sends) void loading?.then((mod) => mod.stopOutbox())
    }
  }, [owner, sends])
  return state
}

export const waitingCount = (state: OutboxState | null) =>
  state ? state.items.filter((i) => i.state !== 'created').length : 0

type ListModule = typeof import('./outbox-list')
let listLoading: Promise<ListModule> | undefined

/**
 * The outbox's list component, fetched once this user's outbox code is in (while the network is
 * there): null until then. A fetch that failed (offline) is tried again when the network is back.
 */
export function useOutboxList(outbox: OutboxState | null) {
  const [List, setList] = useState<ListModule['OutboxList'] | null>(null)
  const wanted = outbox !== null
  useEffect(() => {
    if (!wanted) return
    let live = true
    const load = () => {
      listLoading ??= import('./outbox-list')
      listLoading.then(
        (m) => live && setList(() => m.OutboxList),
        () => {
          listLoading = undefined
          window.addEventListener('online', load, { once: true })
        },
      )
    }
    load()
    return () => {
      live = false
      window.removeEventListener('online', load)
    }
  }, [wanted])
  return List
}

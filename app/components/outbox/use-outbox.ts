import { useEffect, useState } from 'react'
import * as outbox from './outbox.client'
import type { OutboxItem } from './outbox.client'

/*
 * Imported only by the outbox's lazily loaded pieces (outbox-shell.tsx, outbox-list.tsx), never by
 * a page itself: see outbox-gate.tsx.
 */

export type OutboxModule = typeof outbox
export type OutboxState = { mod: OutboxModule; owner: number; items: OutboxItem[] }

/**
 * This user's outbox: its items, kept up to date across the user's tabs (null until first read).
 * `sends` (the signed-in shell, once per page): sends what waits, now and whenever the network is
 * back, until the shell goes.
 */
export function useOutbox(owner: number, { sends = false }: { sends?: boolean } = {}) {
  const [state, setState] = useState<OutboxState | null>(null)
  useEffect(() => {
    let live = true
    const read = () =>
      void outbox
        .listOutbox(owner)
        .then((items) => live && setState({ mod: outbox, owner, items }))
        .catch(() => undefined)
    const stop = outbox.onOutboxChange(owner, read)
    read()
    if (sends) outbox.startOutbox(owner)
    return () => {
      live = false
      stop()
      if (sends) outbox.stopOutbox()
    }
  }, [owner, sends])
  return state
}

export const waitingCount = (state: OutboxState | null) =>
  state ? state.items.filter((i) => i.state !== 'created').length : 0

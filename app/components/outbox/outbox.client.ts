/*
 * The outbox (issue 31), the browser's half: new orders that could not be sent for want of a
 * network are kept on this device (IndexedDB, one database per user) and sent when the network is
 * back, each once, in order, with its Idempotency-Key, through the API's POST /api/v1/order/ (the
 * rules of the page's own form). Loaded only after the page is usable (a dynamic import from
 * outbox-badge.tsx and the new-order form), never on the first visit's critical path.
 */
import { KEPT_COUNT_EVENT, keptCountKey } from './outbox-text'

/** At most this much waits on the device per user (issue 31). */
export const OUTBOX_LIMITS = { orders: 20, bytes: 50 * 1024 * 1024 } as const

export const OUTBOX_MESSAGES = {
  kept: 'No connection. The order is kept on this device and will be sent when you are back online',
  signOutQuestion: (n: number) =>
    `${n === 1 ? 'One order waits' : `${n} orders wait`} in the Outbox on this device. Keep ${n === 1 ? 'it' : 'them'} for your next sign-in here, or discard ${n === 1 ? 'it' : 'them'}?`,
  full: 'The outbox is full: it keeps at most 20 orders or 50 MB on this device. This order was not kept; send or discard the waiting orders first.',
  created: 'Order created successfully.',
  refused: 'The server refused this order.',
} as const

/** A created order's line stays in the list this long, unless dismissed before. */
const CREATED_KEPT_MS = 24 * 60 * 60 * 1000

export type OutboxEntry = [name: string, value: string | File]

export type OutboxItem = {
  id?: number
  key: string
  /** The order number, to name the order in the list. */
  label: string
  keptAt: number
  size: number
  entries: OutboxEntry[]
  state: 'waiting' | 'refused' | 'created'
  /** A refusal's message (the server's), or the created order's. */
  message?: string
  /** The created order's page. */
  link?: string
}

const STORE = 'orders'
const dbName = (owner: number) => `outbox-user-${owner}`

function open(owner: number): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(dbName(owner), 1)
    request.onupgradeneeded = () =>
      request.result.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true })
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('The outbox could not be opened.'))
  })
}

async function inStore<T>(
  owner: number,
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T> | void,
): Promise<T | undefined> {
  const db = await open(owner)
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const tx = db.transaction(STORE, mode)
      const request = work(tx.objectStore(STORE))
      tx.oncomplete = () => resolve(request ? request.result : undefined)
      tx.onerror = () => reject(tx.error ?? new Error('The outbox could not be written.'))
      tx.onabort = () => reject(tx.error ?? new Error('The outbox could not be written.'))
    })
  } finally {
    db.close()
  }
}

/** Every item of this user's outbox, oldest first. */
export async function listOutbox(owner: number): Promise<OutboxItem[]> {
  const all = await inStore<OutboxItem[]>(owner, 'readonly', (s) => s.getAll())
  return (all ?? []).sort((a, b) => (a.id ?? 0) - (b.id ?? 0))
}

/** What waits: the orders not yet sent, and the refused ones left to correct or discard. */
export const pending = (items: OutboxItem[]) => items.filter((i) => i.state !== 'created')

// Every tab of this user hears of a change (the badge and the list re-read the store).
const listeners = new Set<() => void>()
let channel: BroadcastChannel | null = null
let channelOwner: number | null = null
function changed(owner: number) {
  for (const listener of listeners) listener()
  if (channelOwner === owner) channel?.postMessage('changed')
  void mirrorCount(owner)
}

/**
 * How many items this user's outbox holds, mirrored where the page reads it without this code
 * (use-outbox.ts): the page fetches this code only when the outbox holds something.
 */
async function mirrorCount(owner: number) {
  const count = (await listOutbox(owner)).length
  try {
    if (count) localStorage.setItem(keptCountKey(owner), String(count))
    else localStorage.removeItem(keptCountKey(owner))
  } catch {
    // No storage: the count is read again when this code is loaded.
  }
  window.dispatchEvent(new Event(KEPT_COUNT_EVENT))
}

export function onOutboxChange(owner: number, listener: () => void) {
  if (channelOwner !== owner) {
    channel?.close()
    channel = new BroadcastChannel(`outbox-user-${owner}`)
    channelOwner = owner
    channel.onmessage = () => {
      for (const l of listeners) l()
    }
  }
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const entrySize = ([name, value]: OutboxEntry) =>
  name.length + (typeof value === 'string' ? value.length * 2 : value.size)

/**
 * Keeps a form's order (its pictures already shrunk) to be sent later. Refused, with the reason,
 * when the outbox already holds OUTBOX_LIMITS.orders orders or the order would take it over
 * OUTBOX_LIMITS.bytes.
 */
export async function keepOrder(
  owner: number,
  form: FormData,
): Promise<{ kept: true } | { kept: false; message: string }> {
  const entries: OutboxEntry[] = []
  let key = ''
  for (const [name, value] of form.entries()) {
    if (name === 'intent') continue
    if (name === 'idempotencyKey') key = String(value)
    else entries.push([name, value])
  }
  const size = entries.reduce((sum, e) => sum + entrySize(e), 0)
  const items = pending(await listOutbox(owner))
  const used = items.reduce((sum, i) => sum + i.size, 0)
  if (items.length >= OUTBOX_LIMITS.orders || used + size > OUTBOX_LIMITS.bytes) {
    return { kept: false, message: OUTBOX_MESSAGES.full }
  }
  const label = String(form.get('orderNumber') ?? '')
  const item: OutboxItem = {
    key: key || crypto.randomUUID(),
    label,
    keptAt: Date.now(),
    size,
    entries,
    state: 'waiting',
  }
  await inStore(owner, 'readwrite', (s) => s.add(item))
  changed(owner)
  return { kept: true }
}

export async function discardItem(owner: number, id: number) {
  await inStore(owner, 'readwrite', (s) => s.delete(id))
  changed(owner)
}

async function putItem(owner: number, item: OutboxItem) {
  await inStore(owner, 'readwrite', (s) => s.put(item))
  changed(owner)
}

/** Forgets everything this user kept (signing out with "Discard"). */
export async function clearOutbox(owner: number) {
  await inStore(owner, 'readwrite', (s) => s.clear())
  changed(owner)
}

type Outcome = 'sent' | 'stop'

/** One order to the API; its outcome stored. 'stop': no answer, or one to try again later. */
async function sendItem(owner: number, item: OutboxItem): Promise<Outcome> {
  const body = new FormData()
  for (const [name, value] of item.entries) body.append(name, value)
  let response: Response
  try {
    response = await fetch('/api/v1/order/', {
      method: 'POST',
      body,
      credentials: 'same-origin',
      headers: { 'Idempotency-Key': item.key },
    })
  } catch {
    return 'stop'
  }
  // Not signed in (any more), or the server could not answer: it stays as it is, for later.
  if (response.status === 401 || response.status === 408 || response.status >= 500) return 'stop'
  const answer = (await response.json().catch(() => ({}))) as { message?: string }
  if (response.ok) {
    const id = /\/order\/(\d+)$/.exec(response.headers.get('Location') ?? '')?.[1]
    await putItem(owner, {
      ...item,
      entries: [],
      size: 0,
      state: 'created',
      keptAt: Date.now(),
      message: answer.message ?? OUTBOX_MESSAGES.created,
      link: id ? `/orders/view/${id}` : '/orders',
    })
  } else {
    await putItem(owner, {
      ...item,
      state: 'refused',
      message: answer.message ?? OUTBOX_MESSAGES.refused,
    })
  }
  return 'sent'
}

const RETRY_MS = 5_000
let retry: ReturnType<typeof setTimeout> | null = null
/** The signed-in user this page sends for: never anyone else's orders under another's session. */
let current: number | null = null

/**
 * Sends what waits, oldest first, one at a time; one tab at a time (a Web Lock per user). A lost
 * connection or a server error stops the run: it is tried again when the browser is back online,
 * and every few seconds meanwhile.
 */
export async function sendWaiting(owner: number): Promise<void> {
  if (!navigator.onLine || current !== owner) return
  const run = async () => {
    for (const item of await listOutbox(owner)) {
      if (current !== owner) return
      if (item.state !== 'waiting') continue
      if ((await sendItem(owner, item)) === 'stop') {
        if (retry) clearTimeout(retry)
        retry = setTimeout(() => void sendWaiting(owner).catch(() => undefined), RETRY_MS)
        return
      }
    }
  }
  if ('locks' in navigator) {
    // Runs queue up: each reads the store anew, so nothing already sent goes twice.
    await navigator.locks.request(`outbox-user-${owner}`, run)
  } else {
    await run()
  }
}

const sendCurrent = () => {
  if (current !== null) void sendWaiting(current).catch(() => undefined)
}

/** Sends for this user on this page: now, and whenever the browser is back online. */
export function startOutbox(owner: number) {
  if (current === null) window.addEventListener('online', sendCurrent)
  current = owner
  void forgetOldCreated(owner).then(() => mirrorCount(owner))
  sendCurrent()
}

/** Stops sending (the user signs out, or the page is no signed-in page). */
export function stopOutbox() {
  current = null
  window.removeEventListener('online', sendCurrent)
  if (retry) clearTimeout(retry)
  retry = null
}

async function forgetOldCreated(owner: number) {
  const old = (await listOutbox(owner)).filter(
    (i) => i.state === 'created' && i.keptAt < Date.now() - CREATED_KEPT_MS,
  )
  for (const item of old) await inStore(owner, 'readwrite', (s) => s.delete(item.id!))
}

/** A waiting order back in the form (a refused one, to correct it): it leaves the outbox. */
export async function takeBack(owner: number, id: number) {
  const item = (await listOutbox(owner)).find((i) => i.id === id)
  if (!item) return null
  await discardItem(owner, id)
  return item
}

/** A failed send that never reached the server (no network), not a refusal. */
export const isOffline = () => !navigator.onLine

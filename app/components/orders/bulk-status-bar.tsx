import { Link, useFetcher, useLocation } from '@remix-run/react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { BulkList } from '~/schemas/bulk-status'
import { BULK_FORM_ID, BULK_REPLY_FIELD, UNDO_MS } from './bulk-fields'
import { withSelection, type SelectingBulk } from './bulk-status'

/*
 * The selection form's code (issue 30), loaded only where a list is selecting (`?select=1`), so
 * a list's first visit costs none of it.
 */

type Answer = { ok: boolean; message: string; batchId?: number | null; undoUntil?: number | null }

const ROW_BOXES = `input[type="checkbox"][name="order"][form="${BULK_FORM_ID}"]`

function rowBoxes() {
  return [...document.querySelectorAll<HTMLInputElement>(ROW_BOXES)]
}

/**
 * Ticks every box between the last one clicked and this one (Shift+click), like it; counts the
 * ticked boxes.
 */
function useSelection() {
  const [count, setCount] = useState(0)
  useEffect(() => {
    let last: HTMLInputElement | null = null
    const recount = () => setCount(rowBoxes().filter((b) => b.checked).length)
    const click = (event: MouseEvent) => {
      const box = event.target as HTMLInputElement
      if (!box.matches?.(ROW_BOXES)) return
      if (event.shiftKey && last && last !== box) {
        const boxes = rowBoxes()
        const [from, to] = [boxes.indexOf(last), boxes.indexOf(box)].sort((a, b) => a - b)
        if (from! >= 0) boxes.slice(from, to! + 1).forEach((b) => (b.checked = box.checked))
      }
      last = box
      recount()
    }
    const change = (event: Event) => {
      if ((event.target as Element).matches?.(ROW_BOXES)) recount()
    }
    document.addEventListener('click', click)
    document.addEventListener('change', change)
    recount()
    return () => {
      document.removeEventListener('click', click)
      document.removeEventListener('change', change)
    }
  }, [])
  return count
}

/**
 * The orders lists' selection form (a pmm's and an admin's): the rows ticked or every order
 * matching the filters, a status, Set status. Without JavaScript it posts to /orders/bulk, which
 * answers with its confirmation page; with it the answer shows here, in a toast with Undo for 10
 * seconds, and the list reloads in place.
 */
export function BulkStatusBar({
  bulk,
  total,
  list,
}: {
  bulk: SelectingBulk
  total: number
  list: BulkList
}) {
  const location = useLocation()
  const set = useFetcher<Answer>({ key: 'bulk-status' })
  const undo = useFetcher<Answer>({ key: 'bulk-undo' })
  const count = useSelection()
  const [undoable, setUndoable] = useState<number | null>(null)
  const [toast, setToast] = useState<{ message: string; ok: boolean } | null>(null)
  const form = useRef<HTMLFormElement>(null)
  const params = new URLSearchParams(location.search)
  params.delete('page')
  params.delete('select')
  // The list to come back to (after the confirmation page, or an Undo without JavaScript).
  const rest = withSelection(location.search, false)
  const back = location.pathname + (rest === '?' ? '' : rest)

  useEffect(() => {
    if (set.state !== 'idle' || !set.data) return
    setToast({ message: set.data.message, ok: set.data.ok })
    if (set.data.ok) {
      rowBoxes().forEach((b) => (b.checked = false))
      const all = form.current?.elements.namedItem('all') as HTMLInputElement | null
      if (all) all.checked = false
    }
    const batch = set.data.ok && set.data.batchId ? set.data.batchId : null
    setUndoable(batch)
    if (!batch) return
    const timer = setTimeout(() => setUndoable(null), UNDO_MS)
    return () => clearTimeout(timer)
  }, [set.state, set.data])

  useEffect(() => {
    if (undo.state !== 'idle' || !undo.data) return
    setToast({ message: undo.data.message, ok: undo.data.ok })
    setUndoable(null)
  }, [undo.state, undo.data])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    data.set(BULK_REPLY_FIELD, 'json')
    set.submit(data, { method: 'post', action: '/orders/bulk' })
  }
  const sendUndo = () => {
    if (undoable === null) return
    undo.submit(
      { intent: 'undo', batch: String(undoable), back, [BULK_REPLY_FIELD]: 'json' },
      { method: 'post', action: '/orders/bulk' },
    )
  }

  return (
    <form
      id={BULK_FORM_ID}
      method="post"
      action="/orders/bulk"
      className="bulk-bar"
      aria-label="Change the status of the selected orders"
      onSubmit={submit}
      ref={form}
    >
      <input type="hidden" name="intent" value="set" />
      <input type="hidden" name="seenAt" value={bulk.seenAt} />
      <input type="hidden" name="filters" value={params.toString()} />
      <input type="hidden" name="list" value={list} />
      <input type="hidden" name="back" value={back} />
      <p className="bulk-bar__count" aria-live="polite">
        {count === 0 ? null : count === 1 ? '1 order selected' : `${count} orders selected`}
      </p>
      <label className="bulk-bar__all">
        <input type="checkbox" name="all" value="1" />{' '}
        {`Select all ${total} ${total === 1 ? 'order' : 'orders'} matching the filters`}
      </label>
      <label className="bulk-bar__status">
        New status{' '}
        <select name="status" defaultValue="">
          <option value="" disabled>
            Choose a status
          </option>
          {bulk.statuses.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn" disabled={set.state !== 'idle'}>
        Set status
      </button>
      <Link to={withSelection(location.search, false)} preventScrollReset>
        Done selecting
      </Link>
      <div className="bulk-bar__toast" role="status">
        {toast ? (
          <p className={toast.ok ? 'bulk-toast' : 'bulk-toast bulk-toast--error'}>
            {toast.message}{' '}
            {undoable !== null ? (
              <button
                type="button"
                className="btn btn--small"
                onClick={sendUndo}
                disabled={undo.state !== 'idle'}
              >
                Undo
              </button>
            ) : null}
          </p>
        ) : null}
      </div>
    </form>
  )
}

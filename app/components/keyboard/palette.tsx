import { useNavigate, useSubmit } from '@remix-run/react'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import type { LayerProps } from './keyboard-layer'
import './palette.css'

/*
 * The command palette (issue 30), loaded on first use: a modal dialog holding a combobox. What is
 * typed goes to GET /resources/palette (the screens, product and orders the user may open, by the
 * lists' rules); Enter opens the chosen one. The last destinations are remembered per user in
 * this browser and offered first.
 */

type Hit = { kind: 'screen' | 'order' | 'product' | 'recent'; label: string; href: string }

const RECENT_MAX = 5
const recentKey = (userId: number) => `palette:recent:${userId}`

function readRecent(userId: number): Hit[] {
  try {
    const list = JSON.parse(localStorage.getItem(recentKey(userId)) ?? '[]') as Hit[]
    return Array.isArray(list) ? list.slice(0, RECENT_MAX) : []
  } catch {
    return []
  }
}

function remember(userId: number, hit: Hit) {
  const kept = readRecent(userId).filter((h) => h.href !== hit.href)
  const entry = { kind: 'recent' as const, label: hit.label, href: hit.href }
  try {
    localStorage.setItem(recentKey(userId), JSON.stringify([entry, ...kept].slice(0, RECENT_MAX)))
  } catch {
    // Storage full or off: nothing is remembered.
  }
}

const KIND_LABEL: Record<Hit['kind'], string> = {
  recent: 'Recent',
  screen: 'Screen',
  order: 'Order',
  product: 'Product',
}

export function Palette({ userId, onClose }: LayerProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const navigate = useNavigate()
  const submit = useSubmit()
  const [q, setQ] = useState('')
  const [found, setFound] = useState<Hit[]>([])
  const [loading, setLoading] = useState(false)
  const [active, setActive] = useState(0)
  const listId = useId()
  const titleId = useId()
  const hits = q.trim() === '' ? [...readRecent(userId), ...found] : found

  useEffect(() => {
    const d = dialog.current
    if (!d) return
    if (!d.open) d.showModal()
    input.current?.focus()
  }, [])

  useEffect(() => {
    const abort = new AbortController()
    setLoading(true)
    const timer = setTimeout(
      () => {
        fetch(`/resources/palette?${new URLSearchParams({ q })}`, { signal: abort.signal })
          .then((r) => (r.ok ? r.json() : { hits: [] }))
          .then((body: { hits: Hit[] }) => {
            setFound(body.hits)
            setActive(0)
            setLoading(false)
          })
          .catch(() => {})
      },
      q ? 120 : 0,
    )
    return () => {
      clearTimeout(timer)
      abort.abort()
    }
  }, [q])

  const go = (hit: Hit | undefined) => {
    if (!hit) return
    dialog.current?.close()
    // Log Out is a post, like the sidebar's button; it is not a destination to remember.
    if (hit.href === '/logout') return submit(null, { method: 'post', action: '/logout' })
    remember(userId, hit)
    navigate(hit.href)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      setActive((a) => Math.min(a + 1, hits.length - 1))
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      setActive((a) => Math.max(a - 1, 0))
    } else if (event.key === 'Enter') {
      event.preventDefault()
      go(hits[active])
    }
  }

  const optionId = (i: number) => `${listId}-${i}`
  return (
    <dialog
      ref={dialog}
      className="dialog palette"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) dialog.current?.close()
      }}
    >
      <h2 id={titleId} className="dialog__title">
        Go to
      </h2>
      <input
        ref={input}
        className="field__input palette__input"
        type="text"
        role="combobox"
        aria-label="Order number, product id, customer email or screen"
        aria-expanded={hits.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={hits.length > 0 ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        value={q}
        onChange={(event) => setQ(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label="Destinations" className="palette__list">
        {hits.map((hit, i) => (
          <li
            key={`${hit.kind}-${hit.href}-${i}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'palette__option palette__option--active' : 'palette__option'}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => go(hit)}
          >
            <span className="palette__kind">{KIND_LABEL[hit.kind]}</span> {hit.label}
          </li>
        ))}
      </ul>
      <p className="palette__status" role="status">
        {loading
          ? ''
          : hits.length === 0
            ? 'Nothing found.'
            : `${hits.length} ${hits.length === 1 ? 'destination' : 'destinations'}`}
      </p>
      <p className="hint">↑ ↓ to choose, Enter to go, Escape to close.</p>
    </dialog>
  )
}

import { useEffect, useState, type ComponentType } from 'react'

/*
 * The keyboard layer of the signed-in shell (issue 30). This module is in every page's bundle and
 * stays small: it only listens. The palette, the help dialog and the shortcuts' code load on
 * their first use (dynamic imports), so a first visit costs none of them.
 */

/** Keys the shortcuts answer (the rest pass through untouched). */
const SHORTCUT_KEYS = new Set(['/', '?', 'g', 'n', 'j', 'k', 'J', 'K', 'x', '[', ']'])
/** The letters that may follow `g`, and how long after it (ms). */
const GO_LETTERS = new Set(['d', 'o', 'p', 'r', 'e', 'u'])
const GO_WINDOW = 1500

/** A field, or anything that takes typed text: single-key shortcuts stay out of its way. */
export function isTyping(target: EventTarget | null) {
  const el = target as HTMLElement | null
  if (!el || !el.tagName) return false
  if (el.isContentEditable) return true
  if (el.tagName === 'TEXTAREA' || el.tagName === 'SELECT') return true
  if (el.tagName !== 'INPUT') return false
  const type = (el as HTMLInputElement).type
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'file'].includes(type)
}

type Open = { kind: 'palette' | 'help'; Component: ComponentType<LayerProps> } | null
export type LayerProps = { userId: number; role: string; onClose: () => void }

/** The header's palette button asks the layer to open it through this event. */
export const OPEN_PALETTE = 'open-palette'

export function KeyboardLayer({
  userId,
  role,
  shortcuts,
}: {
  userId: number
  role: string
  shortcuts: boolean
}) {
  const [open, setOpen] = useState<Open>(null)
  useEffect(() => {
    let gAt = 0
    const openPalette = () =>
      import('./palette').then((m) => setOpen({ kind: 'palette', Component: m.Palette }))
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || document.querySelector('dialog[open]')) return
      // Ctrl+K / Cmd+K: the palette, from anywhere (a field too).
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault()
        void openPalette()
        return
      }
      if (!shortcuts || event.ctrlKey || event.metaKey || event.altKey) return
      if (isTyping(event.target)) return
      if (gAt && Date.now() - gAt < GO_WINDOW && GO_LETTERS.has(event.key)) {
        gAt = 0
        event.preventDefault()
        const go = `g ${event.key}`
        void import('./shortcuts').then((m) => m.handleShortcut(go, false, role))
        return
      }
      gAt = 0
      if (!SHORTCUT_KEYS.has(event.key)) return
      if (event.key === 'g') {
        gAt = Date.now()
        event.preventDefault()
        // The shortcuts' code starts loading now, for the letter that follows.
        void import('./shortcuts')
        return
      }
      if (event.key === '?') {
        event.preventDefault()
        void import('./help-dialog').then((m) => setOpen({ kind: 'help', Component: m.HelpDialog }))
        return
      }
      event.preventDefault()
      const key = event.key
      const shift = event.shiftKey
      void import('./shortcuts').then((m) => m.handleShortcut(key, shift, role))
    }
    document.addEventListener('keydown', onKeyDown)
    window.addEventListener(OPEN_PALETTE, openPalette)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      window.removeEventListener(OPEN_PALETTE, openPalette)
    }
  }, [shortcuts, role])
  if (!open) return null
  const { Component } = open
  return <Component userId={userId} role={role} onClose={() => setOpen(null)} />
}

/**
 * The header's palette button. It appears once the page runs JavaScript (the palette needs it),
 * and is out of the Tab order: the keyboard opens the palette with Ctrl+K (aria-keyshortcuts), so
 * the Tab walk through every page stays as short as it was.
 */
export function PaletteButton() {
  const [ready, setReady] = useState(false)
  useEffect(() => setReady(true), [])
  if (!ready) return null
  return (
    <button
      type="button"
      className="btn btn--small palette-button"
      tabIndex={-1}
      aria-keyshortcuts="Control+K Meta+K"
      onClick={() => window.dispatchEvent(new Event(OPEN_PALETTE))}
    >
      Go to… <kbd>Ctrl K</kbd>
    </button>
  )
}

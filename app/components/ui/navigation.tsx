import { useFetchers, useLocation, useNavigation, useNavigationType } from '@remix-run/react'
import { useEffect, useRef } from 'react'

/**
 * A thin bar at the top of the window while a page loads or a form is sent in place (a row's
 * action). It appears only after a short delay (CSS), so quick answers do not flicker.
 */
export function NavigationProgress() {
  const navigation = useNavigation()
  const fetchers = useFetchers()
  if (navigation.state === 'idle' && fetchers.every((f) => f.state === 'idle')) return null
  return <div className="nav-progress" role="progressbar" aria-label="Loading the page" />
}

/** The controls a form's focus goes to: its first field or button. */
const FIELD =
  'input:not([type=hidden]):not(:disabled):not([readonly]), select:not(:disabled), textarea:not(:disabled), button:not(:disabled)'

/**
 * Where the focus goes after a client-side navigation (the browser would leave it on the page
 * itself, or on a link at the bottom of a page that scrolled to its top), so keyboard and screen
 * reader users start where they look:
 * - another page, or another page of the same list (Next, Page 3): the page's heading;
 * - then, when the URL has a fragment (an opened form, `#edit-order`; the row a change or Back
 *   returned to, `#order-12`): a form's first field, a row's link (the one that opened it), or
 *   the element itself; a row that is not on the page leaves the focus on the toast that tells of
 *   the change;
 * - the browser's Back to a list a row was opened from: that row's link (the browser restored
 *   the scroll), not a heading off screen.
 * Not on the first load, and not when the same page changes otherwise (a filter, a tab, a row's
 * step): the focus stays where the user is.
 */
export function useFocusOnNavigation() {
  const location = useLocation()
  const navigationType = useNavigationType()
  const shown = useRef(location)
  useEffect(() => rememberOpenedRows(() => shown.current.key), [])
  useEffect(() => {
    const before = shown.current
    if (before.key === location.key) return
    shown.current = location
    const opened = navigationType === 'POP' ? openedRow(location.key) : null
    if (opened) return focusOn(opened, false)
    if (before.pathname !== location.pathname || otherPage(before.search, location.search)) {
      const heading =
        document.querySelector<HTMLElement>('#content h1') ?? document.querySelector('h1')
      if (heading) focusOn(heading, true)
    }
    if (!location.hash) return
    // A form whose code loads on first use appears a little later: wait for it (not for ever).
    const id = decodeURIComponent(location.hash.slice(1))
    const found = () => {
      const target = document.getElementById(id)
      if (!target) return false
      const field = target.matches('form, div') ? target.querySelector<HTMLElement>(FIELD) : null
      focusOn(field ?? rowLink(target) ?? target, false)
      return true
    }
    if (found()) return
    // The changed row is not on this page (a change moves an order to the top of the list):
    // the toast that tells of the change has the focus, which also keeps it open.
    const told = document.querySelector<HTMLElement>('[data-toast] .toast__message')
    if (told) return focusOn(told, true)
    const watch = new MutationObserver(() => found() && watch.disconnect())
    watch.observe(document.body, { childList: true, subtree: true })
    const stop = setTimeout(() => watch.disconnect(), 5000)
    return () => {
      clearTimeout(stop)
      watch.disconnect()
    }
  }, [location, navigationType])
}

/** A list row's link to its detail (its View), else its first link or button. */
function rowLink(target: HTMLElement) {
  if (!(target instanceof HTMLTableRowElement)) return null
  return (
    target.querySelector<HTMLElement>('[data-row-link]') ??
    target.querySelector<HTMLElement>('a[href], button:not(:disabled)')
  )
}

/** Which row of a list page (by the history entry's key) a link was followed from. */
const OPENED_ROW = 'opened-row:'

/**
 * Remembers, for the history entry being left, the list row whose link the user followed, so
 * the browser's Back can give that row the focus again.
 */
function rememberOpenedRows(entryKey: () => string) {
  const remember = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest('a[href]')
    const row = link?.closest('tr[id]')
    if (!row) return
    try {
      sessionStorage.setItem(OPENED_ROW + entryKey(), row.id)
    } catch {
      // Storage refused (a private window's quota): Back then focuses the heading.
    }
  }
  document.addEventListener('click', remember, true)
  return () => document.removeEventListener('click', remember, true)
}

/** The link of the row the user opened from this history entry, if it is still on the page. */
function openedRow(entryKey: string) {
  let id: string | null = null
  try {
    id = sessionStorage.getItem(OPENED_ROW + entryKey)
  } catch {
    return null
  }
  const row = id ? document.getElementById(id) : null
  return row ? rowLink(row) : null
}

function focusOn(element: HTMLElement, preventScroll: boolean) {
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.tabIndex = -1
  element.focus({ preventScroll })
}

/** Only the list's page changed (Next, Page 3): the same list, another page of it. */
function otherPage(before: string, after: string) {
  const a = new URLSearchParams(before)
  const b = new URLSearchParams(after)
  if (a.get('page') === b.get('page')) return false
  a.delete('page')
  b.delete('page')
  a.sort()
  b.sort()
  return a.toString() === b.toString()
}

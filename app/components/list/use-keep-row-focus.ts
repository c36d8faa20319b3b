import { useEffect, useRef, type RefObject } from 'react'
import { listen } from './listen'

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not([type=hidden]):not(:disabled), select:not(:disabled)'

/**
 * Keeps the keyboard's place in a table whose rows change under it (a row action answered in
 * place). When the focused control goes away (its row left the list) or becomes disabled
 * (Reserve turned into Reserved), the browser drops the focus to the page; this puts it back in
 * the same cell of the same row, or of the row now in its place.
 */
export function useKeepRowFocus(table: RefObject<HTMLTableElement>, rows: unknown) {
  const place = useRef<{ rowId: string; index: number; cell: number } | null>(null)

  useEffect(() => {
    const element = table.current
    if (!element) return
    const remember = (event: FocusEvent) => {
      const cell = (event.target as Element).closest('td')
      const row = cell?.parentElement
      if (cell && row instanceof HTMLTableRowElement) {
        place.current = { rowId: row.id, index: row.sectionRowIndex, cell: cell.cellIndex }
      }
    }
    // Focus moved on by the user (not dropped): nothing to keep.
    const forget = (event: FocusEvent) => {
      if (event.relatedTarget && !element.contains(event.relatedTarget as Node)) {
        place.current = null
      }
    }
    return listen(element, { focusin: remember, focusout: forget })
  }, [table])

  useEffect(() => {
    const last = place.current
    const body = table.current?.tBodies[0]
    if (!last || !body) return
    const restore = () => {
      // A control disabled by this render is about to lose the focus: move it now.
      const active = document.activeElement as HTMLButtonElement | null
      if (active && active !== document.body && !active.disabled) return
      const row =
        (last.rowId && document.getElementById(last.rowId)) ||
        body.rows[Math.min(last.index, body.rows.length - 1)]
      const cell = row instanceof HTMLTableRowElement ? row.cells[last.cell] : undefined
      if (!cell) return
      const target = cell.querySelector<HTMLElement>(FOCUSABLE) ?? cell
      if (target === cell) cell.tabIndex = -1
      target.focus({ preventScroll: true })
    }
    restore()
  }, [rows, table])
}

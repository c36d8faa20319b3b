import { Link, useLocation } from '@remix-run/react'
import { clientLazy } from '~/components/client-lazy'
import type { Option } from '~/components/list/list-filters'
import type { BulkList } from '~/schemas/bulk-status'
import { BULK_FORM_ID } from './bulk-fields'

// The selection form brings its code only where a list is selecting.
const BulkStatusBar = clientLazy(() => import('./bulk-status-bar').then((m) => m.BulkStatusBar))

/**
 * What the selection form needs from the list's loader (only for a pmm or an admin). `seenAt`,
 * when the page was read, only while selecting: a list not selecting has no form that sends it,
 * and without it the page's bytes stay the same while its rows do (its validator, decision 109).
 */
export type BulkData = { statuses: ReadonlyArray<Option> } & (
  { selecting: true; seenAt: number } | { selecting: false }
)
export type SelectingBulk = Extract<BulkData, { selecting: true }>

/** A row's checkbox: it belongs to the selection form below the table (`form=`). */
export function SelectCell({ id, label }: { id: number; label: string }) {
  return (
    <input
      type="checkbox"
      className="bulk-check"
      name="order"
      value={id}
      form={BULK_FORM_ID}
      aria-label={`Select order ${label}`}
    />
  )
}

/** The list's URL with (or without) its selection on. */
export function withSelection(search: string, on: boolean) {
  const params = new URLSearchParams(search)
  if (on) params.set('select', '1')
  else params.delete('select')
  const query = params.toString()
  return query ? `?${query}` : '?'
}

/**
 * Below a pmm's or an admin's orders list: "Select orders" turns its selection on (`?select=1`:
 * a checkbox per row and the selection form). Off, the list has this one link more, so the Tab
 * walk through a list that a keyboard user takes to open one order stays as short as it was.
 */
export function BulkStatus(props: { bulk: BulkData; total: number; list: BulkList }) {
  const location = useLocation()
  if (props.bulk.selecting) return <BulkStatusBar {...props} bulk={props.bulk} />
  return (
    <p className="bulk-start">
      <Link to={withSelection(location.search, true)} preventScrollReset>
        Select orders
      </Link>
    </p>
  )
}

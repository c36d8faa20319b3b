import { DataTable, type Column } from '~/components/list/data-table'
import { Identifier } from '~/components/list/identifier'
import { StepLink } from '~/components/list/row-actions'

export type ScammerRow = {
  id: number
  email: string
  reason: string
  reportedBy: string
  date: string
}
/** The list's one step: Remove's confirmation (`?remove=12`). */
export const SCAMMER_STEPS = ['remove'] as const
export type RemoveTarget = { step: 'remove'; id: number; email: string }

/** The list's texts (Loading... is this screen's spelling, spec section 8). */
const LOADING_TEXT = 'Loading...'

const COLUMNS: Array<Column<ScammerRow>> = [
  { header: 'Email', cell: (r) => <Identifier value={r.email} />, className: 'table__email' },
  { header: 'Reason', cell: (r) => r.reason, className: 'table__reason' },
  { header: 'Reported By', cell: (r) => r.reportedBy },
  { header: 'Date', cell: (r) => r.date, className: 'nowrap' },
]

/**
 * The Scammer PayPal table. For managers each row has Remove: a link to this page's confirm step
 * (`?remove=<id>`, which works without JavaScript); with JavaScript, `onRemove` opens the dialog
 * in place instead.
 */
export function ScammerTable({
  rows,
  onRemove,
}: {
  rows: ReadonlyArray<ScammerRow>
  onRemove?: (target: RemoveTarget) => void
}) {
  const columns = onRemove
    ? [
        ...COLUMNS,
        {
          header: 'Action',
          cell: (r: ScammerRow) => <RemoveLink row={r} onRemove={onRemove} />,
        },
      ]
    : COLUMNS
  return (
    <DataTable
      caption="Scammer PayPal list"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      loadingText={LOADING_TEXT}
    />
  )
}

function RemoveLink({
  row,
  onRemove,
}: {
  row: ScammerRow
  onRemove: (target: RemoveTarget) => void
}) {
  return (
    <StepLink
      opens={{ step: 'remove', id: row.id, email: row.email }}
      steps={SCAMMER_STEPS}
      onOpen={onRemove}
      aria-label={`Remove ${row.email}`}
      className="btn btn--small btn--danger"
    >
      Remove
    </StepLink>
  )
}

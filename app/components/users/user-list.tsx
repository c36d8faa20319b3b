import { AdminBulkForm } from '~/components/list/admin-bulk'
import { BulkBox } from '~/components/list/row-actions'
import { Button } from '~/components/forms/button'
import { Identifier } from '~/components/list/identifier'
import { ScreenPanel } from '~/components/layout'
import { DataTable, type Column } from '~/components/list/data-table'
import { ListFilters, type FilterDef } from '~/components/list/list-filters'
import { Pagination } from '~/components/list/pagination'
import { RowButton, StepLink } from '~/components/list/row-actions'
import { useUrlStep } from '~/components/list/url-step'
import { ADMIN_LOADING_TEXT } from '~/components/list/use-list-loading'
import { ConfirmDialog } from '~/components/ui/confirm-dialog'
import type { Page } from '~/models/paginate.server'
import { USER_STATES } from '~/schemas/user-states'
import { USER_STEPS, type UserConfirm, type UserRow } from './user-rows'

type Scope = 'pmm' | 'pm' | 'all'

const STATE_LABELS = { enabled: 'Enabled', disabled: 'Disabled', deleted: 'Deleted' } as const

type Screen = { title: string; caption: string; filters: FilterDef[] }

/**
 * Each list's title (its tab in capitals), table caption and filters (named as its query schema
 * names them).
 */
function screen(title: string, caption: string, idParam: string, more: FilterDef[] = []): Screen {
  return {
    title,
    caption,
    filters: [
      { type: 'search', name: 'name', label: 'Search by name' },
      { type: 'number', name: idParam, label: 'Search by ID' },
      ...more,
    ],
  }
}

const SCREENS: Record<Scope, Screen> = {
  pmm: screen('All PMM', 'All PMM', 'pmmId'),
  pm: screen('All PM', 'All PM', 'pmId'),
  all: screen('Delete User', 'All users', 'userId', [
    {
      type: 'select',
      name: 'state',
      label: 'State',
      options: USER_STATES.map((s) => ({ id: s, name: STATE_LABELS[s] })),
    },
  ]),
}

const CONFIRM_TEXT = {
  disable: {
    label: 'Disable',
    detail: 'They are signed out at once and cannot sign in until they are enabled again.',
  },
  delete: {
    label: 'Delete',
    detail:
      'They are signed out at once and can no longer sign in. Their products and orders keep their name.',
  },
} as const

/** An admin user list: search form, table with Enable, Disable and Delete, page links. */
export function UserListScreen({
  scope,
  users,
  step: fromUrl,
}: {
  scope: Scope
  users: Page<UserRow>
  step: UserConfirm | null
}) {
  const screen = SCREENS[scope]
  const step = useUrlStep(fromUrl, USER_STEPS)
  const asked = step.target ? CONFIRM_TEXT[step.target.step] : null
  return (
    <ScreenPanel title={screen.title}>
      {step.target && asked ? (
        <ConfirmDialog
          key={`${step.target.step}-${step.target.id}`}
          title={`${asked.label} ${step.target.name}?`}
          fields={{ intent: step.target.step, userId: String(step.target.id) }}
          confirmLabel={asked.label}
          cancelHref={step.cancelHref}
          onClose={step.close}
        >
          <p className="dialog__detail">{asked.detail}</p>
        </ConfirmDialog>
      ) : null}
      <ListFilters
        label={`Search ${screen.title}`}
        filters={screen.filters}
        exportAs={{
          list: scope === 'all' ? 'all-user-deleted' : `all-${scope}`,
          total: users.total,
        }}
      />
      <DataTable
        caption={screen.caption}
        columns={
          scope === 'all'
            ? userColumns(true, step.open)
            : [
                {
                  header: 'Select',
                  cell: (u: UserRow) => (
                    <BulkBox form="bulk-users" value={String(u.id)} label={u.name} />
                  ),
                },
                ...userColumns(false, step.open),
              ]
        }
        rows={users.rows}
        rowKey={(u) => u.id}
        defaultSort="id"
        loadingText={ADMIN_LOADING_TEXT}
      />
      {scope !== 'all' && users.total > 0 ? (
        <AdminBulkForm id="bulk-users" kind="user" noun="users" />
      ) : null}
      <Pagination page={users.page} pageCount={users.pageCount} total={users.total} />
    </ScreenPanel>
  )
}

function userColumns(
  withRole: boolean,
  onConfirm: (target: UserConfirm) => void,
): Array<Column<UserRow>> {
  return [
    { header: 'ID', cell: (u) => u.id, className: 'num', sort: 'id' },
    { header: 'Name', cell: (u) => u.name, sort: 'name' },
    ...(withRole ? [{ header: 'Role', cell: (u: UserRow) => u.role.toUpperCase() }] : []),
    { header: 'Email', cell: (u) => <Identifier value={u.email} />, className: 'table__email' },
    { header: 'Phone', cell: (u) => u.phone, className: 'nowrap' },
    { header: 'City', cell: (u) => u.city },
    { header: 'Country', cell: (u) => u.country },
    { header: 'Created', cell: (u) => u.created, className: 'nowrap' },
    { header: 'State', cell: (u) => STATE_LABELS[u.state] },
    { header: 'Action', cell: (u) => <UserActions user={u} onConfirm={onConfirm} /> },
  ]
}

/**
 * Enable posts at once; Disable and Delete go through their confirm step. Enable is inactive while
 * the user is enabled and Disable while disabled; a deleted user has no actions.
 */
function UserActions({
  user,
  onConfirm,
}: {
  user: UserRow
  onConfirm: (target: UserConfirm) => void
}) {
  if (user.deletedOn) return <span className="nowrap">Deleted on {user.deletedOn}</span>
  const ask = (step: UserConfirm['step'], className: string) => (
    <StepLink
      opens={{ step, id: user.id, name: user.name }}
      steps={USER_STEPS}
      onOpen={onConfirm}
      aria-label={`${CONFIRM_TEXT[step].label} ${user.name}`}
      className={className}
    >
      {CONFIRM_TEXT[step].label}
    </StepLink>
  )
  return (
    <div className="row-actions">
      <RowButton
        fields={{ intent: 'enable', userId: user.id }}
        disabled={user.state === 'enabled'}
        aria-label={`Enable ${user.name}`}
      >
        Enable
      </RowButton>
      {user.state === 'disabled' ? (
        <Button size="small" disabled aria-label={`Disable ${user.name}`}>
          Disable
        </Button>
      ) : (
        ask('disable', 'btn btn--small')
      )}
      {ask('delete', 'btn btn--small btn--danger')}
    </div>
  )
}

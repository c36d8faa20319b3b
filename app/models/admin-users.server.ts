/**
 * The admin's user lists and the three things an admin does to an account: enable, disable and
 * (soft) delete. Disabling and deleting end the user's sessions and bearer tokens in the same
 * transaction; sign-in refuses them afterwards (user.server.ts, verifySignIn).
 */
import { and, eq, isNotNull, isNull, ne, type SQL } from 'drizzle-orm'
import { db } from '../../db/client'
import { users } from '../../db/schema'
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { SortDirection, UserListFilters, UserSort, UserState } from '~/schemas/list-queries'
import { everyRow, paginateTable, sortedOrder, type Page } from './paginate.server'
import { can } from './permissions'
import { fail, ok, type Failure, type Result } from '~/core/result'
import { containsText } from './search.server'
import { deleteUserSessions } from './session.server'
import { getUserById, type User } from './user.server'
import { writeAs } from './write.server'

type Viewer = Pick<User, 'id' | 'role'>

export const USER_ENABLED_MESSAGE = 'User enabled successfully.'
export const USER_DISABLED_MESSAGE = 'User disabled successfully.'
/** The spec's deletion toasts, one per list (the generic one for the all-users list and API). */
export const USER_DELETED_MESSAGES = {
  pmm: 'PMM deleted successfully',
  pm: 'PM deleted successfully.',
  all: 'User deleted successfully.',
} as const
export const USERS_FORBIDDEN_MESSAGE = 'Only admins can manage users.'
export const USER_SELF_MESSAGE = 'You cannot disable or delete your own account.'
export const USER_ADMIN_MESSAGE = 'Admin accounts cannot be disabled or deleted.'
export const USER_NOT_FOUND_MESSAGE = 'No such user.'
export const USER_DELETED_ALREADY_MESSAGE = 'This user has been deleted.'

/** Which users a list shows: the live users of one role, or every pm and pmm (deleted too). */
export type UserListScope = 'pmm' | 'pm' | 'all'

// Never the password hash: these rows go to pages and API clients.
const listedColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  address: users.address,
  cnic: users.cnic,
  role: users.role,
  city: users.city,
  country: users.country,
  phone: users.phone,
  profilePictureId: users.profilePictureId,
  isEnable: users.isEnable,
  deletedAt: users.deletedAt,
  createdAt: users.createdAt,
}
const selectListed = () => db.select(listedColumns).from(users)
type ListedRow = ReturnType<ReturnType<typeof selectListed>['all']>[number]

export function userState(user: Pick<User, 'isEnable' | 'deletedAt'>): UserState {
  return user.deletedAt ? 'deleted' : user.isEnable ? 'enabled' : 'disabled'
}

/** A user as the admin lists show them (the API serializes it). */
function toListedUser(row: ListedRow) {
  return { ...row, state: userState(row) }
}
export type ListedUser = ReturnType<typeof toListedUser>

function scopeWhere(scope: UserListScope): SQL {
  // Every pm and pmm: "not an admin" rather than a list of roles, so a sort reads the sort's index
  // in order (a list of roles is two ranges, sorted again).
  if (scope === 'all') return ne(users.role, 'admin')
  return and(eq(users.role, scope), isNull(users.deletedAt))!
}

const STATE_WHERE: Record<UserState, SQL> = {
  enabled: and(isNull(users.deletedAt), eq(users.isEnable, true))!,
  disabled: and(isNull(users.deletedAt), eq(users.isEnable, false))!,
  deleted: isNotNull(users.deletedAt),
}

/** The keys of each user list sort (migration 0015 indexes the name), then the id. */
const USER_SORT_KEYS: Record<UserSort, AnySQLiteColumn[]> = {
  id: [users.id],
  name: [users.name, users.id],
}

/** A user list's order: the column asked for (default: newest, highest ID, first). */
export function userListOrder(f: { sort?: UserSort; dir?: SortDirection }) {
  return sortedOrder(f, 'id', (sort) => USER_SORT_KEYS[sort])
}

/**
 * One page (25 rows, newest first) of a user list, searched by a part of the name, by ID and
 * (on the all-users list) by state.
 */
export function listUsers(
  viewer: Viewer,
  scope: UserListScope,
  filters: UserListFilters = {},
): Result<Page<ListedUser>> {
  if (!can.manageUsers(viewer)) return fail('forbidden', USERS_FORBIDDEN_MESSAGE)
  return ok(paginateTable(filters.page, userList(scope, filters), listedRows))
}

/** The listed users of a page or an export batch, in the list's order. */
function listedRows(onPage: SQL, order: SQL[]) {
  return selectListed()
    .where(onPage)
    .orderBy(...order)
    .all()
    .map(toListedUser)
}

/** A user list's table, conditions and order: what its pages and its export read. */
export function userList(scope: UserListScope, filters: UserListFilters) {
  return {
    table: users,
    where: and(
      scopeWhere(scope),
      containsText(filters.name, users.name),
      filters.id ? eq(users.id, filters.id) : undefined,
      filters.state ? STATE_WHERE[filters.state] : undefined,
    ),
    order: userListOrder(filters),
  }
}

/** Every user of a list (all pages, in its order), in keyset batches: its Export (CSV). */
export function* listUsersForExport(
  viewer: Viewer,
  scope: UserListScope,
  filters: UserListFilters,
): Generator<ListedUser> {
  if (!can.manageUsers(viewer)) return
  yield* everyRow(userList(scope, filters), listedRows)
}

/** A live user of a list, for the confirm step of Disable and Delete. */
export function getListedUser(viewer: Viewer, scope: UserListScope, userId: number) {
  if (!can.manageUsers(viewer)) return undefined
  const row = selectListed()
    .where(and(scopeWhere(scope), eq(users.id, userId), isNull(users.deletedAt)))
    .get()
  return row ? toListedUser(row) : undefined
}

/** The account an admin acts on: it exists and is not deleted. */
function actionTarget(viewer: Viewer, userId: number): Result<{ target: User }> {
  if (!can.manageUsers(viewer)) return fail('forbidden', USERS_FORBIDDEN_MESSAGE)
  const target = getUserById(userId)
  if (!target) return fail('not_found', USER_NOT_FOUND_MESSAGE)
  if (target.deletedAt) return fail('conflict', USER_DELETED_ALREADY_MESSAGE)
  return ok({ target })
}

/** Why this account may not be disabled or deleted by the viewer, if it may not. */
function closingRefusal(viewer: Viewer, target: User): Failure | null {
  if (target.id === viewer.id) return fail('forbidden', USER_SELF_MESSAGE)
  if (!can.closeAccount(viewer, target)) return fail('forbidden', USER_ADMIN_MESSAGE)
  return null
}

/**
 * Writes a change to a live account; when it closes the account (disable, delete), its sessions
 * and tokens end in the same transaction, so no request signed in as them gets through afterwards.
 */
function changeAccount(
  viewer: Viewer,
  userId: number,
  changes: Partial<Pick<User, 'isEnable' | 'deletedAt'>>,
  endSessions: boolean,
): Result<{ user: ListedUser }> {
  return writeAs(viewer, (tx) => {
    const updated = tx
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .returning(listedColumns)
      .get()
    if (!updated) return fail('conflict', USER_DELETED_ALREADY_MESSAGE)
    if (endSessions) deleteUserSessions(userId)
    return ok({ user: toListedUser(updated) })
  })
}

/** Enable lets the user sign in again; disable signs them out everywhere at once. */
export function setUserEnabled(
  viewer: Viewer,
  userId: number,
  enable: boolean,
): Result<{ user: ListedUser }> {
  const found = actionTarget(viewer, userId)
  if (!found.ok) return found
  if (!enable) {
    const refused = closingRefusal(viewer, found.target)
    if (refused) return refused
  }
  return changeAccount(viewer, userId, { isEnable: enable }, !enable)
}

/**
 * Soft delete: the account stays (its products and orders keep its name) but it leaves the live
 * lists, its sessions and tokens end at once, and it can no longer sign in.
 */
export function deleteUser(
  viewer: Viewer,
  userId: number,
  now = new Date(),
): Result<{ user: ListedUser }> {
  const found = actionTarget(viewer, userId)
  if (!found.ok) return found
  const refused = closingRefusal(viewer, found.target)
  if (refused) return refused
  return changeAccount(viewer, userId, { deletedAt: now }, true)
}

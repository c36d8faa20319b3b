import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import {
  deleteUser,
  getListedUser,
  listUsers,
  setUserEnabled,
  USER_DELETED_MESSAGES,
  USER_DISABLED_MESSAGE,
  USER_ENABLED_MESSAGE,
  USER_NOT_FOUND_MESSAGE,
  type ListedUser,
  type UserListScope,
} from '~/models/admin-users.server'
import { can } from '~/models/permissions'
import { type Result } from '~/core/result'
import { pageOrNotFound } from '~/utils/not-found.server'
import type { User } from '~/models/user.server'
import {
  positiveInt,
  readQueryLenient,
  USER_LIST_QUERIES,
  userListFilters,
} from '~/schemas/list-queries'
import { readUrlStep } from '~/components/list/url-step'
import { requireUser } from '~/utils/auth.server'
import { restoreListPlace } from '~/utils/list-place.server'
import { intentOf, unknownIntent } from '~/utils/intent.server'
import { samePageWithout } from '~/utils/product-actions.server'
import { redirectWithToast } from '~/utils/toast.server'
import { readForm } from '~/utils/upload.server'
import { USER_STEPS, type UserConfirm, type UserRow, type UserStep } from './user-rows'

/*
 * The admin user lists (/all/pmm, /all/pm, /all/user/deleted) are one screen over three scopes:
 * a route is `userListRoute(scope)` and the shared component.
 */

const day = (date: Date) => date.toISOString().slice(0, 10)

/** Only what a row shows. */
function userRow(u: ListedUser): UserRow {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    phone: u.phone,
    city: u.city,
    country: u.country,
    created: day(u.createdAt),
    state: u.state,
    deletedOn: u.deletedAt ? day(u.deletedAt) : null,
  }
}

/** The user a confirm step in the URL (`?disable=12`, `?delete=12`) asks about, if any. */
function confirmFromUrl(admin: User, scope: UserListScope, params: URLSearchParams) {
  return readUrlStep(params, USER_STEPS, (step, id): UserConfirm | undefined => {
    const user = getListedUser(admin, scope, id)
    // Disabling a user who is disabled already has nothing to confirm.
    if (!user || (step === 'disable' && user.state === 'disabled')) return undefined
    return { step, id: user.id, name: user.name }
  })
}

async function pageData(admin: User, scope: UserListScope, request: Request) {
  await restoreListPlace(request, admin, Object.keys(USER_LIST_QUERIES[scope].shape))
  const params = new URL(request.url).searchParams
  const query = readQueryLenient(USER_LIST_QUERIES[scope], params)
  const list = pageOrNotFound(listUsers(admin, scope, userListFilters(query)))
  return {
    users: { ...list, rows: list.rows.map(userRow) },
    step: confirmFromUrl(admin, scope, params),
  }
}

type Change = { run: (admin: User, userId: number) => Result; message: string }

/** The row actions (intent) of a list, each with its model call and its toast. */
function changes(scope: UserListScope): Record<'enable' | UserStep, Change> {
  return {
    enable: { run: (a, id) => setUserEnabled(a, id, true), message: USER_ENABLED_MESSAGE },
    disable: { run: (a, id) => setUserEnabled(a, id, false), message: USER_DISABLED_MESSAGE },
    delete: { run: (a, id) => deleteUser(a, id), message: USER_DELETED_MESSAGES[scope] },
  }
}

/** intent=enable|disable|delete with userId: back to the same list (without a confirm step). */
async function change(admin: User, scope: UserListScope, request: Request) {
  const form = await readForm(request)
  const intent = intentOf(form)
  if (intent !== 'enable' && intent !== 'disable' && intent !== 'delete') throw unknownIntent()
  const { run, message } = changes(scope)[intent]
  const backTo = samePageWithout(request, USER_STEPS)
  const id = positiveInt.safeParse(String(form.get('userId') ?? ''))
  const result = id.success ? run(admin, id.data) : null
  return result?.ok
    ? redirectWithToast(backTo, { type: 'success', message })
    : redirectWithToast(backTo, {
        type: 'error',
        message: result?.message ?? USER_NOT_FOUND_MESSAGE,
      })
}

/** The loader and action of one admin user list; others are sent to /login (spec section 2). */
export function userListRoute(scope: UserListScope) {
  const guard = (request: Request) => requireUser(request, { allow: can.useAdminArea })
  return {
    loader: async ({ request }: LoaderFunctionArgs) => {
      const admin = await guard(request)
      return pageData(admin, scope, request)
    },
    action: async ({ request }: ActionFunctionArgs) => change(await guard(request), scope, request),
  }
}

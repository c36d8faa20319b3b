/** Declarations shared by the admin /user routes that differ only in their path and list. */
import {
  listUsers,
  setUserEnabled,
  USER_DISABLED_MESSAGE,
  USER_ENABLED_MESSAGE,
  type UserListScope,
} from '~/models/admin-users.server'
import { ok } from '~/core/result'
import { USER_LIST_QUERIES, userListFilters } from '~/schemas/list-queries'
import { endpoint } from './endpoint.server'
import { UserIdParams } from './params'
import { changeWire, listedUserWire, pageWire } from './serializers.server'
import { ListedUserWire, pageOf, UserChangeWire } from './wire-schemas'

/** A GET list of users (admins), with the page's filters. */
export function userListEndpoint(path: string, scope: UserListScope, summary: string) {
  return endpoint({
    method: 'GET',
    path,
    tag: 'Users',
    summary,
    description:
      '25 a page, newest first. `name` matches a part of the name; the ID is the user’s `count`. Admins only.',
    roles: ['admin'],
    query: USER_LIST_QUERIES[scope],
    response: pageOf(ListedUserWire),
    handler: ({ user, query }) => {
      const list = listUsers(user, scope, userListFilters(query))
      return list.ok ? ok(pageWire(list, listedUserWire)) : list
    },
  })
}

/**
 * PATCH enable or disable of a pm or pmm (admins). Disabling ends the user's sessions and tokens
 * at once; an admin's own account and other admins' are refused (403), a deleted user is a 409.
 */
export function userStateEndpoint(path: string, enable: boolean) {
  return endpoint({
    method: 'PATCH',
    path,
    tag: 'Users',
    summary: `${enable ? 'Enable' : 'Disable'} a user (admins)`,
    roles: ['admin'],
    query: UserIdParams,
    refusals: [404, 409],
    response: UserChangeWire,
    handler: ({ user, query }) =>
      changeWire(
        setUserEnabled(user, query.userId, enable),
        enable ? USER_ENABLED_MESSAGE : USER_DISABLED_MESSAGE,
        (changed) => listedUserWire(changed.user),
      ),
  })
}

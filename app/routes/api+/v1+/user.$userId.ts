import { api, endpoint } from '~/api/endpoint.server'
import { UserIdParams } from '~/api/params'
import { changeWire, listedUserWire } from '~/api/serializers.server'
import { UserChangeWire } from '~/api/wire-schemas'
import { deleteUser, USER_DELETED_MESSAGES } from '~/models/admin-users.server'

const endpoints = api(
  endpoint({
    method: 'DELETE',
    path: '/user/{userId}',
    tag: 'Users',
    summary: 'Delete a user (admins)',
    description:
      'A soft delete: the user’s sessions and tokens end at once and they can no longer sign in; their products and orders keep their name. An admin’s own account and other admins’ are refused (403); a user deleted already is a 409.',
    roles: ['admin'],
    params: UserIdParams,
    refusals: [404, 409],
    response: UserChangeWire,
    handler: ({ user, params }) =>
      changeWire(deleteUser(user, params.userId), USER_DELETED_MESSAGES.all, (deleted) =>
        listedUserWire(deleted.user),
      ),
  }),
)

export const loader = endpoints.loader
export const action = endpoints.action

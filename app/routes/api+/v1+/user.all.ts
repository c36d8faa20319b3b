import { api } from '~/api/endpoint.server'
import { userListEndpoint } from '~/api/users.server'

const endpoints = api(
  userListEndpoint(
    '/user/all',
    'all',
    'Every pm and pmm with their state, by name, userId and state',
  ),
)

export const loader = endpoints.loader
export const action = endpoints.action

import { api } from '~/api/endpoint.server'
import { userListEndpoint } from '~/api/users.server'

const endpoints = api(
  userListEndpoint('/user/pmm', 'pmm', 'Live managers (pmm), by name and pmmId'),
)

export const loader = endpoints.loader
export const action = endpoints.action

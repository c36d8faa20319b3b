import { api } from '~/api/endpoint.server'
import { userListEndpoint } from '~/api/users.server'

const endpoints = api(userListEndpoint('/user/pm', 'pm', 'Live marketers (pm), by name and pmId'))

export const loader = endpoints.loader
export const action = endpoints.action

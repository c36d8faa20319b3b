import { api } from '~/api/endpoint.server'
import { userStateEndpoint } from '~/api/users.server'

const endpoints = api(userStateEndpoint('/user/isEnable', true))

export const loader = endpoints.loader
export const action = endpoints.action

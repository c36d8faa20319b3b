import { api } from '~/api/endpoint.server'
import { LOOKUPS } from '~/api/lookups.server'

const endpoints = api(LOOKUPS['/market/']())

export const loader = endpoints.loader
export const action = endpoints.action

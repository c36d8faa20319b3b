import { api } from '~/api/endpoint.server'
import { ORDER_LISTS } from '~/api/orders.server'

const endpoints = api(ORDER_LISTS['/order/complete']())

export const loader = endpoints.loader
export const action = endpoints.action

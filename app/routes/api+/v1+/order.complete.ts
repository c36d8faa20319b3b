import { api } from '~/api/endpoint.server'
import { orderListEndpoint } from '~/api/orders.server'

const endpoints = api(
  orderListEndpoint({
    path: '/order/complete',
    summary: 'Completed orders',
    description: 'Orders in status Commission that the caller may see.',
    completed: true,
  }),
)

export const loader = endpoints.loader
export const action = endpoints.action

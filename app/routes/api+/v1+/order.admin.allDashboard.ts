import { api } from '~/api/endpoint.server'
import { orderListEndpoint } from '~/api/orders.server'

const endpoints = api(
  orderListEndpoint({
    path: '/order/admin/allDashboard',
    summary: 'Every order (admin)',
    description: 'All orders with the list’s filters.',
    admin: true,
  }),
)

export const loader = endpoints.loader
export const action = endpoints.action

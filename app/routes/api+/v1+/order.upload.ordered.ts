import { api } from '~/api/endpoint.server'
import { orderUploadEndpoint } from '~/api/orders.server'

const endpoints = api(orderUploadEndpoint('order', '/order/upload/ordered'))

export const loader = endpoints.loader
export const action = endpoints.action

import { api } from '~/api/endpoint.server'
import { orderUploadEndpoint } from '~/api/orders.server'

const endpoints = api(orderUploadEndpoint('refund', '/order/upload/refund'))

export const loader = endpoints.loader
export const action = endpoints.action

import { api } from '~/api/endpoint.server'
import { orderUploadEndpoint } from '~/api/orders.server'

const endpoints = api(orderUploadEndpoint('review', '/order/upload/review'))

export const loader = endpoints.loader
export const action = endpoints.action

import { api } from '~/api/endpoint.server'
import { productStatusChange } from '~/api/products.server'

const endpoints = api(productStatusChange('/product/enable/{pId}'))

export const loader = endpoints.loader
export const action = endpoints.action

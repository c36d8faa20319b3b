/** Declarations shared by the /product routes that differ only in their path and wording. */
import {
  getProductView,
  ADMIN_PRODUCT_MESSAGES,
  listProducts,
  setProductStatus,
  type ProductScope,
} from '~/models/product.server'
import { fail, ok } from '~/core/result'
import { ProductListQuery } from '~/schemas/list-queries'
import { endpoint } from './endpoint.server'
import { PidParams } from './params'
import { pageOf, ProductChangeWire, ProductWire } from './wire-schemas'
import { pageWire, productWire } from './serializers.server'

/** A GET list of products in a scope, with the catalog filters. */
export function productListEndpoint(path: string, scope: ProductScope, summary: string) {
  return endpoint({
    method: 'GET',
    path,
    tag: 'Products',
    summary,
    query: ProductListQuery,
    refusals: [404],
    response: pageOf(ProductWire),
    handler: ({ user, query }) => {
      const list = listProducts(user, scope, query)
      return list.ok ? ok(pageWire(list, productWire)) : list
    },
  })
}

/** The four status changes of spec section 7 and their toasts (the admin ones uncrossed). */
const STATUS_CHANGES = {
  '/product/enable/{pId}': ['published', 'Successfully enabled product.'],
  '/product/disable/{pId}': ['disabled', 'Successfully disabled product.'],
  '/product/admin/enable/{pId}': ['published', ADMIN_PRODUCT_MESSAGES.published],
  '/product/admin/disable/{pId}': ['disabled', ADMIN_PRODUCT_MESSAGES.disabled],
} as const

/** One of the four status changes, declared by its path. */
export function productStatusChange(path: keyof typeof STATUS_CHANGES) {
  const [status, message] = STATUS_CHANGES[path]
  return productStatusEndpoint({ path, status, admin: path.startsWith('/product/admin/'), message })
}

/**
 * PUT enable/disable of one product. The owner pmm and admins may; to anyone else the product does
 * not exist (404, nothing changed). The admin paths refuse non-admins with 403 first.
 */
function productStatusEndpoint(options: {
  path: string
  status: 'published' | 'disabled'
  admin: boolean
  message: string
}) {
  return endpoint({
    method: 'PUT',
    path: options.path,
    tag: 'Products',
    summary: `${options.status === 'published' ? 'Enable' : 'Disable'} a product${options.admin ? ' (admins)' : ''}`,
    roles: options.admin ? ['admin'] : undefined,
    params: PidParams,
    refusals: [404],
    response: ProductChangeWire,
    handler: ({ user, params }) => {
      const changed = setProductStatus(user, params.pId, options.status)
      if (!changed.ok) return changed
      const view = getProductView(user, params.pId)
      if (!view) return fail('not_found', `No product found with ID ${params.pId}.`)
      return ok({ success: true, message: options.message, data: productWire(view) })
    },
  })
}

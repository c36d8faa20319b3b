import { newProductDefaults, productEditorAction } from '~/components/product-editor.server'
import { productLookups } from '~/models/lookup.server'
import { can } from '~/models/permissions'
import type { User } from '~/models/user.server'

export function addTabData() {
  return { lookups: productLookups(), defaults: newProductDefaults() }
}

/** intent=add: a manager adds a product and lands on PRODUCTS. */
export function addProduct(user: User, form: FormData) {
  if (!can.addProduct(user)) throw new Response('Only managers can add products.', { status: 403 })
  return productEditorAction(user, form, '/activeProducts?tab=products')
}

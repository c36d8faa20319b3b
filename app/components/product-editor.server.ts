import {
  createProduct,
  DEFAULT_COMMISSION_POLICY,
  DEFAULT_INSTRUCTION,
  DEFAULT_REFUND_POLICY,
} from '~/models/product.server'
import type { User } from '~/models/user.server'
import { redirectWithToast } from '~/utils/toast.server'
import { ProductSchema } from '~/validation/product'
import { submitForm } from '~/components/forms/reply.server'

/** What a new product's form starts with: the spec's default texts (section 9). */
export function newProductDefaults() {
  return {
    instruction: DEFAULT_INSTRUCTION,
    refundPolicy: DEFAULT_REFUND_POLICY,
    commissionPolicy: DEFAULT_COMMISSION_POLICY,
  }
}

/**
 * The server half of the product form: parse with the same schema as the page, add the product,
 * and go to `redirectTo` with the spec's toast. A refusal comes back as field errors, with the
 * typed values (but not the pictures, which are chosen again).
 */
export function productEditorAction(user: User, form: FormData, redirectTo: string) {
  return submitForm(form, ProductSchema, {
    hide: ['image', 'screenShot'],
    run: (value) => createProduct(user, value),
    done: () =>
      redirectWithToast(redirectTo, { type: 'success', message: 'Product added successfully.' }),
  })
}

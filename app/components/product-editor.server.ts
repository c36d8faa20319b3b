import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import {
  createProduct,
  DEFAULT_COMMISSION_POLICY,
  DEFAULT_INSTRUCTION,
  DEFAULT_REFUND_POLICY,
} from '~/models/product.server'
import { STATUS_BY_CODE } from '~/api/errors'
import { fieldErrorsOf } from '~/models/result'
import type { User } from '~/models/user.server'
import { redirectWithToast } from '~/utils/toast.server'
import { ProductSchema } from '~/validation/product'
import { refusedReply } from '~/components/forms/reply.server'

// Files are never sent back to the page: the pictures are chosen again.
const hideFields = ['image', 'screenShot']

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
 * typed values (but not the pictures).
 */
export async function productEditorAction(user: User, form: FormData, redirectTo: string) {
  const submission = parseWithZod(form, { schema: ProductSchema })
  if (submission.status !== 'success') {
    return data({ result: refusedReply(submission, { hide: hideFields }) }, { status: 400 })
  }
  const created = await createProduct(user, submission.value)
  if (!created.ok) {
    return data(
      {
        result: refusedReply(submission, { hide: hideFields, fieldErrors: fieldErrorsOf(created) }),
      },
      { status: STATUS_BY_CODE[created.code] },
    )
  }
  return redirectWithToast(redirectTo, { type: 'success', message: 'Product added successfully.' })
}

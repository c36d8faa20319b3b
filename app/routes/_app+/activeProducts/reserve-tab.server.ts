import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import { RESERVATION_MINUTES } from '~/models/reservation.server'
import type { User } from '~/models/user.server'
import { reserveAndRedirect } from '~/utils/product-actions.server'
import { ReserveSchema } from '~/validation/product'
import { refusedReply } from '~/components/forms/reply.server'

export function reserveTabData() {
  return { reserveMinutes: RESERVATION_MINUTES }
}

/**
 * intent=reserve: the product id typed in ADD NEW RESERVATION. A malformed id is a field error
 * (spec section 5); the server's answer is a toast, on RESERVED or back on a fresh form.
 */
export function reserveById(user: User, form: FormData) {
  const submission = parseWithZod(form, { schema: ReserveSchema })
  if (submission.status !== 'success') {
    return data({ result: refusedReply(submission, ReserveSchema) }, { status: 400 })
  }
  return reserveAndRedirect(user, submission.value.pId, {
    success: '/activeProducts?tab=reserved',
    failure: '/activeProducts?tab=reserve',
  })
}

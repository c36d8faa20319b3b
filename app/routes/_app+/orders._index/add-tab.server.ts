import { submitForm } from '~/components/forms/reply.server'
import { listMarkets } from '~/models/lookup.server'
import { createOrder } from '~/models/order.server'
import { getProductView } from '~/models/product.server'
import { lateReservations } from '~/models/reservation.server'
import { scammerToast } from '~/models/scammer.server'
import type { User } from '~/models/user.server'
import { productIdParam } from '~/schemas/list-queries'
import { idempotencyKeyOf } from '~/utils/idempotency.server'
import { orderRowId } from '~/utils/row-ids'
import { redirectWithToast } from '~/utils/toast.server'
import { NewOrderSchema } from '~/validation/order'

type Args = { request: Request; context: object }

/**
 * Add: the markets to choose from, the product of the reservation it was opened from (its ID and
 * its market, which the form fills in), and the pm's reservations that expired less than 24 hours
 * ago (they may still be recorded, late).
 */
export function addTabData(user: User, params: URLSearchParams) {
  const pId = productIdParam.safeParse(params.get('pId') ?? '')
  const product = pId.success ? getProductView(user, pId.data) : undefined
  return {
    markets: listMarkets().map((m) => ({ id: m.id, name: `${m.name} (${m.shortName})` })),
    pId: pId.success ? String(pId.data) : '',
    marketId: product ? product.market.id : undefined,
    lateReservations: lateReservations(user),
    // A retry of this form's post (a double press, the outbox) makes no second order (issue 31).
    idempotencyKey: crypto.randomUUID(),
    outboxOwner: user.id,
  }
}

/**
 * intent=create: the reservation becomes the order, then the ORDERS tab at its row with a toast. A listed
 * customer email also gets an error toast.
 */
export function createOrderAction(args: Args, user: User, form: FormData) {
  return submitForm(form, NewOrderSchema, {
    refusedToast: { args, message: scammerToast },
    // Files are never sent back to the page: the pictures are chosen again.
    hide: ['orderScreenshot', 'refundScreenshot'],
    run: (value) => createOrder(user, value, new Date(), idempotencyKeyOf(args.request, form)),
    // At the new order's row: in view without JavaScript, focused with it.
    done: (created) =>
      redirectWithToast(`/orders#${orderRowId(created.order.id)}`, {
        type: 'success',
        message: created.message,
      }),
  })
}

import { STATUS_BY_CODE } from '~/utils/http-errors'
import { submitForm } from '~/components/forms/reply.server'
import { listMarkets } from '~/models/lookup.server'
import {
  changeOrderStatus,
  editStatusChoices,
  getOrder,
  setOrderPicture,
  statusChoices,
  statusHistory,
  updateOrder,
  type OrderView,
} from '~/models/order.server'
import { can, type OrderPictureKind } from '~/models/permissions'
import { fail } from '~/core/result'
import { scammerToast } from '~/models/scammer.server'
import type { User } from '~/models/user.server'
import { businessDateTime } from '~/core/business-day.server'
import { backFrom } from '~/utils/misc'
import { orderRowId } from '~/utils/row-ids'
import { dataWithToast, redirectWithToast } from '~/utils/toast.server'
import { OrderUpdateSchema, StatusChangeSchema } from '~/validation/order'

/** Spec section 8: what the detail page's failed changes say. */
export const ORDER_PAGE_MESSAGES = {
  updateFailed: 'Error updating order. Please try again.',
  uploadFailed: 'server error',
} as const

export const PICTURE_KINDS = ['order', 'refund', 'review'] as const satisfies OrderPictureKind[]

type Args = { request: Request; context: object }

const partiesOf = (o: OrderView) => ({ userId: o.marketer.id, productOwnerId: o.product.ownerId })

/**
 * The list the detail was opened from (`?back=`, its filters and page), else the user's list of
 * orders (an admin's is All Orders).
 */
function listOf(user: User, params: URLSearchParams) {
  return backFrom(params, can.useAdminArea(user) ? '/all/order' : '/orders')
}

/**
 * After a change, back to that list at the order's row: without JavaScript the browser scrolls
 * to it; with it the focus goes there (useFocusOnNavigation).
 */
function backToOrderRow(args: Args, user: User, orderId: number) {
  return `${listOf(user, new URL(args.request.url).searchParams)}#${orderRowId(orderId)}`
}

/** The order if the user may see it; anyone else gets the 404 page, as if it did not exist. */
function visibleOrder(user: User, orderId: number) {
  const found = getOrder(user, orderId)
  if (!found.ok) throw new Response('Not found', { status: 404 })
  return found.order
}

/** What the page shows, in the user's rights: the facts, the pictures, the history, the forms. */
export function orderPageData(user: User, orderId: number, params: URLSearchParams) {
  const o = visibleOrder(user, orderId)
  const canEdit = can.editOrder(user, partiesOf(o))
  const choices = statusChoices(user).map((s) => ({ id: s.id, name: s.name }))
  const editing = canEdit && params.get('mode') === 'edit'
  return {
    order: {
      id: o.id,
      orderNumber: o.orderNumber,
      pId: o.product.pId,
      brandName: o.product.brandName,
      market: o.market,
      sellerId: o.marketer.id,
      marketerName: o.marketer.name,
      customerEmail: o.customerEmail,
      buyerContact: o.buyerContact,
      status: o.status,
      commission: o.commission.toFixed(2),
      remark: o.remark,
      createdAt: businessDateTime(o.createdAt),
      updatedAt: businessDateTime(o.updatedAt),
      refundDate: o.refundDate ? businessDateTime(o.refundDate) : null,
      pictures: o.pictures,
    },
    uploads: Object.fromEntries(
      PICTURE_KINDS.map((kind) => [kind, can.uploadOrderPicture(user, kind, partiesOf(o))]),
    ) as Record<OrderPictureKind, boolean>,
    canEdit,
    back: listOf(user, params),
    mode: editing ? ('edit' as const) : ('view' as const),
    dialog: choices.length > 0 && params.get('dialog') === 'status' ? ('status' as const) : null,
    statuses: choices,
    editStatuses: editStatusChoices(user, o.status),
    markets: editing
      ? listMarkets().map((m) => ({ id: m.id, name: `${m.name} (${m.shortName})` }))
      : [],
    history: statusHistory(o.id).map((h) => ({ ...h, at: businessDateTime(h.at) })),
  }
}

/** intent=update (edit mode): the order's fields, never its product. */
export function updateOrderAction(args: Args, user: User, orderId: number, form: FormData) {
  visibleOrder(user, orderId)
  return submitForm(form, OrderUpdateSchema, {
    formId: 'update',
    run: (value) => updateOrder(user, orderId, value),
    done: (updated) =>
      redirectWithToast(backToOrderRow(args, user, orderId), {
        type: 'success',
        message: updated.message,
      }),
    refusedToast: {
      args,
      message: (refusal) => scammerToast(refusal) ?? ORDER_PAGE_MESSAGES.updateFailed,
    },
  })
}

/** intent=status (the Change Status dialog): one of the user's choices, recorded in the history. */
export function changeStatusAction(args: Args, user: User, orderId: number, form: FormData) {
  visibleOrder(user, orderId)
  return submitForm(form, StatusChangeSchema, {
    formId: 'status',
    run: (value) => changeOrderStatus(user, orderId, value.status),
    done: (changed) =>
      redirectWithToast(backToOrderRow(args, user, orderId), {
        type: 'success',
        message: changed.message,
      }),
    refusedToast: { args, message: ORDER_PAGE_MESSAGES.updateFailed },
  })
}

/**
 * intent=upload (kind order, refund or review, the file in `picture`). A refusal says 'server
 * error' in the toast, as the spec has it, and why under the panel's file field.
 */
export async function uploadPictureAction(args: Args, user: User, orderId: number, form: FormData) {
  visibleOrder(user, orderId)
  const kind = PICTURE_KINDS.find((k) => k === form.get('kind'))
  const picture = form.get('picture')
  const uploaded = kind
    ? await setOrderPicture(user, orderId, kind, typeof picture === 'string' ? null : picture)
    : fail('invalid', 'Please choose which picture to upload.')
  if (uploaded.ok) {
    return redirectWithToast(backToOrderRow(args, user, orderId), {
      type: 'success',
      message: uploaded.message,
    })
  }
  const reason = uploaded.fieldErrors?.picture?.[0] ?? uploaded.message
  return dataWithToast(
    args,
    { upload: { kind: kind ?? null, error: reason } },
    { type: 'error', message: ORDER_PAGE_MESSAGES.uploadFailed },
    { status: STATUS_BY_CODE[uploaded.code] },
  )
}

import { setProductStatus } from '~/models/product.server'
import { RELEASE_MESSAGES, releaseReservation, reserveProduct } from '~/models/reservation.server'
import { fail } from '~/core/result'
import type { User } from '~/models/user.server'
import { parseProductId } from '~/validation/product'
import { isDataRequest } from './request.server'
import { productRowId } from './row-ids'
import { redirectWithToast } from './toast.server'

/*
 * The intents that product and reservation lists share (Products, Disabled Products,
 * Reservations): each answers with a redirect and the spec's toast.
 */

/** Back to the page (with its filters) a form was posted from. */
export function samePage(request: Request) {
  const url = new URL(request.url)
  url.searchParams.delete('index')
  return url.pathname + url.search
}

/**
 * Back to the list a row's form was posted from. Without JavaScript the page reloads, so the
 * answer goes to the row itself (`#<id>`); with it the form was sent in place and the page keeps
 * its scroll position, which a fragment would change.
 */
export function backToRow(request: Request, rowId: string) {
  return isDataRequest(request) ? samePage(request) : `${samePage(request)}#${rowId}`
}

/** Back to the row of the product whose pId was posted (a list's Reserve, switch or buttons). */
export function backToProductRow(request: Request, rawPId: FormDataEntryValue | null) {
  const parsed = parseProductId(rawPId)
  return parsed.ok ? backToRow(request, productRowId(parsed.pId)) : samePage(request)
}

/** The same page without the parameters of a step that the posted form ends (a confirm step). */
export function samePageWithout(request: Request, names: ReadonlyArray<string>) {
  const url = new URL(samePage(request), 'http://localhost')
  for (const name of names) url.searchParams.delete(name)
  return url.pathname + url.search
}

/** Reserve, then show the server's message as a toast on the next page. */
export function reserveAndRedirect(
  user: User,
  pId: number,
  to: { success: string; failure: string },
) {
  const result = reserveProduct(user, pId)
  return result.ok
    ? redirectWithToast(to.success, { type: 'success', message: result.message })
    : redirectWithToast(to.failure, { type: 'error', message: result.message })
}

/**
 * Reserve a product id sent as text (typed on the Reservations screen, which has no rules in the
 * page; or a row's button): the product id rules' message, or the server's, as an error toast.
 */
export function reserveTypedIdAndRedirect(
  user: User,
  raw: FormDataEntryValue | null,
  to: { success: string; failure: string },
) {
  const parsed = parseProductId(raw)
  if (!parsed.ok) return redirectWithToast(to.failure, { type: 'error', message: parsed.message })
  return reserveAndRedirect(user, parsed.pId, to)
}

/** RELEASE in a reserved list. */
export function releaseAndRedirect(user: User, form: FormData, backTo: string) {
  const reservationId = Number(form.get('reservationId'))
  const result =
    Number.isInteger(reservationId) && reservationId > 0
      ? releaseReservation(user, { reservationId })
      : fail('not_found', RELEASE_MESSAGES.notFound)
  return result.ok
    ? redirectWithToast(backTo, { type: 'success', message: result.message })
    : redirectWithToast(backTo, { type: 'error', message: `Server error: ${result.message}` })
}

const NOT_UNDERSTOOD = 'Error enabling product: the request was not understood.'

/**
 * Publishes or disables the product whose pId was posted and goes back with the toast of the
 * status it now has; a refusal says 'Error enabling product:' and why.
 */
export function changeStatusAndRedirect(
  user: User,
  rawPId: FormDataEntryValue | null,
  status: 'published' | 'disabled',
  backTo: string,
  messages: Record<'published' | 'disabled', string>,
) {
  const pId = Number(rawPId)
  if (!Number.isInteger(pId)) {
    return redirectWithToast(backTo, { type: 'error', message: NOT_UNDERSTOOD })
  }
  const result = setProductStatus(user, pId, status)
  if (!result.ok) {
    return redirectWithToast(backTo, {
      type: 'error',
      message: `Error enabling product: ${result.message}`,
    })
  }
  return redirectWithToast(backTo, { type: 'success', message: messages[status] })
}

/** The owner's toasts (spec section 8). */
const SWITCH_MESSAGES = {
  published: 'Successfully enabled product.',
  disabled: 'Successfully disabled product.',
} as const

/** The enable/disable switch (intent=setStatus with the status to set). */
export function setStatusAndRedirect(user: User, form: FormData, backTo: string) {
  const status = form.get('status')
  if (status !== 'published' && status !== 'disabled') {
    return redirectWithToast(backTo, { type: 'error', message: NOT_UNDERSTOOD })
  }
  return changeStatusAndRedirect(user, form.get('pId'), status, backTo, SWITCH_MESSAGES)
}

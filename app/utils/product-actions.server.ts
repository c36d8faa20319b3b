import { setProductStatus } from '~/models/product.server'
import { releaseReservation, reserveProduct } from '~/models/reservation.server'
import type { User } from '~/models/user.server'
import { parseProductId } from '~/validation/product'
import { redirectWithToast } from './toast.server'

/** Back to the page (with its filters) a form was posted from. */
export function samePage(request: Request) {
  const url = new URL(request.url)
  url.searchParams.delete('index')
  return url.pathname + url.search
}

/** Reserve a product id typed as text, then show the message as a toast on the next page. */
export function reserveAndRedirect(
  user: User,
  rawPid: unknown,
  to: { success: string; failure: string },
) {
  const parsed = parseProductId(rawPid)
  const result = parsed.ok ? reserveProduct(user, parsed.pId) : parsed
  return result.ok
    ? redirectWithToast(to.success, { type: 'success', message: result.message })
    : redirectWithToast(to.failure, { type: 'error', message: result.message })
}

export function releaseAndRedirect(user: User, form: FormData, backTo: string) {
  const reservationId = Number(form.get('reservationId'))
  const result =
    Number.isInteger(reservationId) && reservationId > 0
      ? releaseReservation(user, { reservationId })
      : { ok: false as const, message: 'No active reservation found for this product.' }
  return result.ok
    ? redirectWithToast(backTo, { type: 'success', message: result.message })
    : redirectWithToast(backTo, { type: 'error', message: `Server error: ${result.message}` })
}

/** The enable/disable switch. */
export function setStatusAndRedirect(user: User, form: FormData, backTo: string) {
  const pId = Number(form.get('pId'))
  const status = form.get('status')
  if (!Number.isInteger(pId) || (status !== 'published' && status !== 'disabled')) {
    return redirectWithToast(backTo, {
      type: 'error',
      message: 'Error enabling product: the request was not understood.',
    })
  }
  const changed = setProductStatus(user, pId, status)
  if (!changed.ok) {
    return redirectWithToast(backTo, {
      type: 'error',
      message: `Error enabling product: ${changed.message}`,
    })
  }
  return redirectWithToast(backTo, {
    type: 'success',
    message:
      status === 'disabled' ? 'Successfully disabled product.' : 'Successfully enabled product.',
  })
}

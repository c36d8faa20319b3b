import { NotFoundError, setProductStatus } from '~/models/product.server'
import { releaseReservation, reserveProduct } from '~/models/reservation.server'
import type { User } from '~/models/user.server'
import { redirectWithToast } from './toast.server'

/** Back to the page (with its filters) a form was posted from. */
export function samePage(request: Request) {
  const url = new URL(request.url)
  url.searchParams.delete('index')
  return url.pathname + url.search
}

/** Reserve, then show the server's message as a toast on the next page. */
export function reserveAndRedirect(
  user: User,
  rawPid: unknown,
  to: { success: string; failure: string },
) {
  const result = reserveProduct(user, rawPid)
  return result.success
    ? redirectWithToast(to.success, { type: 'success', message: result.message })
    : redirectWithToast(to.failure, { type: 'error', message: result.message })
}

export function releaseAndRedirect(user: User, form: FormData, backTo: string) {
  const reservationId = Number(form.get('reservationId'))
  const result =
    Number.isInteger(reservationId) && reservationId > 0
      ? releaseReservation(user, { reservationId })
      : { success: false, message: 'No active reservation found for this product.' }
  return result.success
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
  try {
    setProductStatus(user, pId, status)
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error
    return redirectWithToast(backTo, {
      type: 'error',
      message: `Error enabling product: ${error.message}`,
    })
  }
  return redirectWithToast(backTo, {
    type: 'success',
    message:
      status === 'disabled' ? 'Successfully disabled product.' : 'Successfully enabled product.',
  })
}

import { data } from '@remix-run/node'
import { avatarUrl, changeProfilePicture, type User } from '~/models/user.server'
import { roleLabel } from '~/models/permissions'
import { makeToast, redirectWithToast } from './toast.server'
import { parseUploadForm, RequestTooLargeError } from './upload.server'

/** What both profile pages show. */
export function profileView(user: User, label: string = roleLabel(user.role)) {
  return {
    name: user.name,
    email: user.email,
    address: user.address,
    city: user.city,
    country: user.country,
    phone: user.phone,
    roleLabel: label,
    avatarUrl: avatarUrl(user, 'medium'),
  }
}

/** The Change Pic action of both profile pages. */
export async function changePicAction(request: Request, user: User, backTo: string) {
  let form: FormData
  try {
    form = await parseUploadForm(request)
  } catch (error) {
    const message =
      error instanceof RequestTooLargeError ? error.message : 'The form could not be read.'
    return data(
      { error: message, toast: makeToast('error', message) },
      { status: error instanceof RequestTooLargeError ? 413 : 400 },
    )
  }
  const upload = form.get('profileImg')
  const changed = await changeProfilePicture(user.id, upload instanceof File ? upload : null)
  if (!changed.ok) {
    return data(
      { error: changed.message, toast: makeToast('error', changed.message) },
      { status: 400 },
    )
  }
  return redirectWithToast(backTo, { type: 'success', message: 'Picture successfully updated.' })
}

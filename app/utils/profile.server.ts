import { data } from '@remix-run/node'
import { PictureError } from '~/models/picture.server'
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
  try {
    const form = await parseUploadForm(request)
    await changeProfilePicture(user.id, form.get('profileImg'))
  } catch (error) {
    if (error instanceof PictureError || error instanceof RequestTooLargeError) {
      return data(
        { error: error.message, toast: makeToast('error', error.message) },
        { status: error instanceof RequestTooLargeError ? 413 : 400 },
      )
    }
    throw error
  }
  return redirectWithToast(backTo, { type: 'success', message: 'Picture successfully updated.' })
}

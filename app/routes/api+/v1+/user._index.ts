import type { ActionFunctionArgs } from '@remix-run/node'
import { PictureError, PICTURE_TOO_LARGE_MESSAGE } from '~/models/picture.server'
import { changeProfilePicture, getUserById, toPublicUser } from '~/models/user.server'
import { apiError, apiJson, methodNotAllowedFor, requireMethod } from '~/utils/api.server'
import { requireApiUser } from '~/utils/auth.server'
import { parseUploadForm, RequestTooLargeError } from '~/utils/upload.server'

export const loader = () => methodNotAllowedFor('PUT')

/**
 * PUT /api/v1/user/: a multipart form with `profileImg` becomes the caller's profile picture
 * (the same picture pipeline as the profile page) → `{ success, message, user }`.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, 'PUT')
  const user = await requireApiUser(request)
  if (!/^multipart\/form-data\s*;/i.test(request.headers.get('Content-Type') ?? '')) {
    return apiError(400, 'Please send the picture as a multipart form (multipart/form-data).')
  }
  try {
    const form = await parseUploadForm(request)
    await changeProfilePicture(user.id, form.get('profileImg'))
  } catch (error) {
    if (error instanceof RequestTooLargeError) return apiError(413, error.message)
    if (error instanceof PictureError) {
      return apiError(error.message === PICTURE_TOO_LARGE_MESSAGE ? 413 : 400, error.message)
    }
    throw error
  }
  return apiJson({
    success: true,
    message: 'Picture successfully updated.',
    user: toPublicUser(getUserById(user.id)!),
  })
}

import { z } from 'zod'
import { api, endpoint } from '~/api/endpoint.server'
import { userWire } from '~/api/serializers.server'
import { UserWire } from '~/api/wire-schemas'
import { fail, ok } from '~/core/result'
import { changeProfilePicture, getUserById } from '~/models/user.server'
import { PICTURE_MISSING_MESSAGE } from '~/models/picture.server'

const ProfilePictureForm = z.object({
  profileImg: z.instanceof(File, { message: PICTURE_MISSING_MESSAGE }).optional(),
})

const endpoints = api(
  endpoint({
    method: 'PUT',
    path: '/user/',
    tag: 'Users',
    summary: 'Change the caller’s profile picture',
    description:
      'A multipart form with `profileImg`, through the same picture pipeline as the page.',
    body: {
      type: 'multipart',
      schema: ProfilePictureForm,
      wrongTypeMessage: 'Please send the picture as a multipart form (multipart/form-data).',
    },
    response: z.object({ success: z.literal(true), message: z.string(), user: UserWire }),
    handler: async ({ user, body }) => {
      const changed = await changeProfilePicture(user.id, body.profileImg ?? null)
      if (!changed.ok) return changed
      const updated = getUserById(user.id)
      if (!updated) return fail('not_found', 'No such user.')
      return ok({
        success: true,
        message: 'Picture successfully updated.',
        user: userWire(updated),
      })
    },
  }),
)

export const loader = endpoints.loader
export const action = endpoints.action

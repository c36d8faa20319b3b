import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { roleLabel } from '~/models/permissions'
import { avatarUrl, changeProfilePicture, type User } from '~/models/user.server'
import { can } from '~/models/permissions'
import { requireUser } from './auth.server'
import { requireMemberArea } from './guards.server'
import { dataWithToast, redirectWithToast } from './toast.server'
import { FORM_UNREADABLE_MESSAGE, parseUploadForm, RequestTooLargeError } from './upload.server'

/**
 * The two profile pages: /userProfile for a pm or pmm (an admin is sent to their own) and
 * /user/profile for an admin (anyone else goes to /login). The page is the same.
 */
const PROFILES = {
  member: { path: '/userProfile', guard: (r: Request) => requireMemberArea(r, '/user/profile') },
  admin: {
    path: '/user/profile',
    guard: (r: Request) => requireUser(r, { allow: can.useAdminArea }),
  },
} as const
export type ProfileKind = keyof typeof PROFILES

/** What both profile pages show. The admin profile's label is 'Admin' (spec section 2). */
function profileView(user: User) {
  return {
    name: user.name,
    email: user.email,
    address: user.address,
    city: user.city,
    country: user.country,
    phone: user.phone,
    roleLabel: roleLabel(user.role),
    avatarUrl: avatarUrl(user, 'small'),
    shortcuts: user.keyboardShortcuts,
  }
}

export async function profileLoader({ request }: LoaderFunctionArgs, kind: ProfileKind) {
  const user = await PROFILES[kind].guard(request)
  return { profile: profileView(user), path: PROFILES[kind].path }
}

/** Change Pic: the new picture, or the refusal on the field and as a toast. */
export async function profileAction(args: ActionFunctionArgs, kind: ProfileKind) {
  const { path, guard } = PROFILES[kind]
  const user = await guard(args.request)
  const refuse = (message: string, status: number) =>
    dataWithToast(args, { error: message }, { type: 'error', message }, { status })
  let form: FormData
  try {
    form = await parseUploadForm(args.request)
  } catch (error) {
    if (error instanceof RequestTooLargeError) return refuse(error.message, 413)
    return refuse(FORM_UNREADABLE_MESSAGE, 400)
  }
  const upload = form.get('profileImg')
  const changed = await changeProfilePicture(user.id, upload instanceof File ? upload : null)
  if (!changed.ok) return refuse(changed.message, 400)
  return redirectWithToast(path, { type: 'success', message: 'Picture successfully updated.' })
}

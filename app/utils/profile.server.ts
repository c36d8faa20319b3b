import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { roleLabel } from '~/models/permissions'
import { avatarUrl, changeProfilePicture, type User } from '~/models/user.server'
import { env } from '~/core/env.server'
import { addPasskey, listPasskeys, PASSKEY_MESSAGES, removePasskey } from '~/models/passkey.server'
import { STATUS_BY_CODE } from './http-errors'
import { passkeyChallengeToken, requestRelyingParty } from './passkey.server'
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

const when = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: env.BUSINESS_TIMEZONE,
})

/** The Passkeys section's rows (decision 105): name, created, last used. */
function passkeysView(user: User) {
  return listPasskeys(user.id).map((p) => ({
    id: p.id,
    name: p.name,
    created: when.format(p.createdAt),
    lastUsed: p.lastUsedAt ? when.format(p.lastUsedAt) : 'Never',
  }))
}

export async function profileLoader({ request }: LoaderFunctionArgs, kind: ProfileKind) {
  const user = await PROFILES[kind].guard(request)
  return { profile: profileView(user), passkeys: passkeysView(user), path: PROFILES[kind].path }
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
  const intent = form.get('intent')
  if (intent === 'add-passkey' || intent === 'remove-passkey') {
    const done =
      intent === 'add-passkey'
        ? await addPasskey(
            user,
            {
              token: await passkeyChallengeToken(args.request),
              response: String(form.get('response') ?? ''),
              name: String(form.get('name') ?? ''),
            },
            requestRelyingParty(args.request),
          )
        : removePasskey(user, Number(form.get('passkeyId')))
    if (!done.ok) {
      return dataWithToast(
        args,
        { passkeyError: done.message },
        { type: 'error', message: done.message },
        { status: STATUS_BY_CODE[done.code] },
      )
    }
    const message = intent === 'add-passkey' ? PASSKEY_MESSAGES.added : PASSKEY_MESSAGES.removed
    return redirectWithToast(path, { type: 'success', message })
  }
  const upload = form.get('profileImg')
  const changed = await changeProfilePicture(user.id, upload instanceof File ? upload : null)
  if (!changed.ok) return refuse(changed.message, 400)
  return redirectWithToast(path, { type: 'success', message: 'Picture successfully updated.' })
}

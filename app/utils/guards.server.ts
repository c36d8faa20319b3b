import { redirect } from '@remix-run/node'
import { can } from '~/models/permissions'
import { requireUser } from './auth.server'

/** A pm or pmm page that admins have their own version of: an admin is sent to that one. */
export async function requireMemberArea(request: Request, adminVersion: string) {
  const user = await requireUser(request)
  if (!can.useMemberArea(user)) throw redirect(adminVersion)
  return user
}

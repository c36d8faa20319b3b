/**
 * An admin enables or disables several products or users at once (issue 30): one IMMEDIATE
 * transaction in which each row goes through the single action's own rule (`setProductStatus`,
 * `setUserEnabled`, each a savepoint of it); a row the rule refuses, or already in that state, is
 * skipped and named. At most BULK_LIMIT rows.
 */
import { fail, ok, type Result } from '~/core/result'
import { setUserEnabled } from './admin-users.server'
import { BULK_LIMIT } from './order-bulk.server'
import { can } from './permissions'
import { getProductByPid, setProductStatus } from './product.server'
import { getUserById, type User } from './user.server'
import { writeAs } from './write.server'

type Viewer = Pick<User, 'id' | 'role'>
type Skipped = { name: string; reason: string }

export const ADMIN_BULK_MESSAGES = {
  forbidden: 'Only admins can enable or disable several rows at once.',
  noneSelected: 'Please select at least one row.',
  tooMany: (n: number) => `At most ${BULK_LIMIT} rows can be changed at once; ${n} are selected.`,
  done: (verb: 'Enabled' | 'Disabled', n: number, noun: string, skipped: Skipped[]) =>
    `${verb} ${n} ${n === 1 ? noun : `${noun}s`}` +
    (skipped.length
      ? ` (${skipped.length} skipped: ${skipped
          .slice(0, 5)
          .map((s) => `${s.name} ${s.reason}`)
          .join('; ')}${skipped.length > 5 ? `; and ${skipped.length - 5} more` : ''})`
      : '') +
    '.',
} as const

function checkInput(viewer: Viewer, ids: ReadonlyArray<number>) {
  if (!can.useAdminArea(viewer)) return fail('forbidden', ADMIN_BULK_MESSAGES.forbidden)
  if (ids.length === 0) return fail('invalid', ADMIN_BULK_MESSAGES.noneSelected)
  if (ids.length > BULK_LIMIT) return fail('invalid', ADMIN_BULK_MESSAGES.tooMany(ids.length))
  return null
}

type Outcome = { message: string; changed: number; skipped: Skipped[] }

/** Publishes (enable) or disables the products named by their pIds. */
export function setProductsStatus(
  viewer: Viewer,
  pIds: ReadonlyArray<number>,
  enable: boolean,
): Result<Outcome> {
  const refused = checkInput(viewer, pIds)
  if (refused) return refused
  const status = enable ? 'published' : 'disabled'
  return writeAs(viewer, () => {
    const skipped: Skipped[] = []
    let changed = 0
    for (const pId of new Set(pIds)) {
      const product = getProductByPid(pId)
      if (product && product.status === status) {
        skipped.push({ name: String(pId), reason: `already ${enable ? 'enabled' : 'disabled'}` })
        continue
      }
      const set = setProductStatus(viewer, pId, status)
      if (set.ok) changed += 1
      else skipped.push({ name: String(pId), reason: `(${set.message})` })
    }
    const verb = enable ? 'Enabled' : 'Disabled'
    return ok({
      message: ADMIN_BULK_MESSAGES.done(verb, changed, 'product', skipped),
      changed,
      skipped,
    })
  })
}

/** Enables or disables the users named by their ids (disabling signs each out everywhere). */
export function setUsersEnabled(
  viewer: Viewer,
  userIds: ReadonlyArray<number>,
  enable: boolean,
): Result<Outcome> {
  const refused = checkInput(viewer, userIds)
  if (refused) return refused
  return writeAs(viewer, () => {
    const skipped: Skipped[] = []
    let changed = 0
    for (const id of new Set(userIds)) {
      const user = getUserById(id)
      const name = user ? user.name : `user ${id}`
      if (user && !user.deletedAt && user.isEnable === enable) {
        skipped.push({ name, reason: `already ${enable ? 'enabled' : 'disabled'}` })
        continue
      }
      const set = setUserEnabled(viewer, id, enable)
      if (set.ok) changed += 1
      else skipped.push({ name, reason: `(${set.message})` })
    }
    const verb = enable ? 'Enabled' : 'Disabled'
    return ok({
      message: ADMIN_BULK_MESSAGES.done(verb, changed, 'user', skipped),
      changed,
      skipped,
    })
  })
}

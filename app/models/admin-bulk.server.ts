/**
 * An admin enables or disables several products or users at once (issue 30): one IMMEDIATE
 * transaction in which each row goes through the single action's own rule (`setProductStatus`,
 * `setUserEnabled`, each a savepoint of it); a row the rule refuses, or already in that state, is
 * skipped and named. At most BULK_LIMIT rows. The change is remembered (`admin_bulk_changes`) so
 * that `undoAdminBulk` restores the previous states for UNDO_SECONDS, all or none, as the orders'
 * bulk Undo does.
 */
import { and, eq } from 'drizzle-orm'
import { adminBulkChanges, products, users } from '../../db/schema'
import { fail, ok, type Result } from '~/core/result'
import { setUserEnabled } from './admin-users.server'
import {
  BULK_LIMIT,
  BULK_MESSAGES,
  changedSinceRefusal,
  namesOf,
  UNDO_SECONDS,
  undoRefused,
  type Skipped,
} from './order-bulk.server'
import { can } from './permissions'
import { getProductByPid, setProductStatus } from './product.server'
import { getUserById, type User } from './user.server'
import { writeAs, type Tx } from './write.server'

type Viewer = Pick<User, 'id' | 'role'>
export const ADMIN_BULK_MESSAGES = {
  forbidden: 'Only admins can enable or disable several rows at once.',
  noneSelected: 'Please select at least one row.',
  tooMany: (n: number) => `At most ${BULK_LIMIT} rows can be changed at once; ${n} are selected.`,
  done: (verb: 'Enabled' | 'Disabled', n: number, noun: string, skipped: Skipped[]) =>
    `${verb} ${n} ${n === 1 ? noun : `${noun}s`}` +
    (skipped.length ? ` (${skipped.length} skipped: ${namesOf(skipped)})` : '') +
    '.',
  undone: (n: number, noun: string, enabled: boolean) =>
    `Undone: ${n} ${n === 1 ? `${noun} is` : `${noun}s are`} ${enabled ? 'enabled' : 'disabled'} again.`,
} as const

function checkInput(viewer: Viewer, ids: ReadonlyArray<number>) {
  if (!can.useAdminArea(viewer)) return fail('forbidden', ADMIN_BULK_MESSAGES.forbidden)
  if (ids.length === 0) return fail('invalid', ADMIN_BULK_MESSAGES.noneSelected)
  if (ids.length > BULK_LIMIT) return fail('invalid', ADMIN_BULK_MESSAGES.tooMany(ids.length))
  return null
}

type Outcome = {
  message: string
  changed: number
  skipped: Skipped[]
  /** What Undo names; null when nothing changed. */
  batchId: number | null
  undoUntil: Date | null
}

type Kind = 'product' | 'user'
/** A row changed: a product's pId or a user's id, and its `updated_at` (ms) after the change. */
type Entry = { id: number; stamp: number }

/** A row's `updated_at` now (ms) and whether it is enabled, or null when it is gone. */
function rowNow(tx: Tx, kind: Kind, id: number) {
  const row =
    kind === 'product'
      ? tx
          .select({ at: products.updatedAt, status: products.status })
          .from(products)
          .where(eq(products.pId, id))
          .get()
      : tx
          .select({ at: users.updatedAt, isEnable: users.isEnable, deletedAt: users.deletedAt })
          .from(users)
          .where(eq(users.id, id))
          .get()
  if (!row) return null
  const on = 'status' in row ? row.status === 'published' : row.isEnable && !row.deletedAt
  return { stamp: row.at.getTime(), on }
}

/** Whether a row changed since the bulk change left it (`enable`, at `stamp`). */
function changedSince(tx: Tx, kind: Kind, enable: boolean, entry: Entry) {
  const now = rowNow(tx, kind, entry.id)
  return !now || now.stamp !== entry.stamp || now.on !== enable
}

/** Remembers a change for its Undo; its id and until when Undo may restore it. */
function remember(
  tx: Tx,
  viewer: Viewer,
  change: { kind: Kind; enable: boolean; entries: Entry[]; message: string },
  now: Date,
): Pick<Outcome, 'batchId' | 'undoUntil'> {
  if (!change.entries.length) return { batchId: null, undoUntil: null }
  const batchId = tx
    .insert(adminBulkChanges)
    .values({
      userId: viewer.id,
      kind: change.kind,
      enable: change.enable,
      entries: JSON.stringify(change.entries),
      message: change.message,
      createdAt: now,
    })
    .returning({ id: adminBulkChanges.id })
    .get().id
  return { batchId, undoUntil: new Date(now.getTime() + UNDO_SECONDS * 1000) }
}

/** Publishes (enable) or disables the products named by their pIds. */
export function setProductsStatus(
  viewer: Viewer,
  pIds: ReadonlyArray<number>,
  enable: boolean,
  now = new Date(),
): Result<Outcome> {
  const refused = checkInput(viewer, pIds)
  if (refused) return refused
  const status = enable ? 'published' : 'disabled'
  return writeAs(viewer, (tx) => {
    const skipped: Skipped[] = []
    const entries: Entry[] = []
    for (const pId of new Set(pIds)) {
      const product = getProductByPid(pId)
      if (product && product.status === status) {
        skipped.push({ name: String(pId), reason: `already ${enable ? 'enabled' : 'disabled'}` })
        continue
      }
      const set = setProductStatus(viewer, pId, status)
      if (set.ok) entries.push({ id: pId, stamp: set.product.updatedAt.getTime() })
      else skipped.push({ name: String(pId), reason: `(${set.message})` })
    }
    const verb = enable ? 'Enabled' : 'Disabled'
    const message = ADMIN_BULK_MESSAGES.done(verb, entries.length, 'product', skipped)
    return ok<Outcome>({
      message,
      changed: entries.length,
      skipped,
      ...remember(tx, viewer, { kind: 'product', enable, entries, message }, now),
    })
  })
}

/** Enables or disables the users named by their ids (disabling signs each out everywhere). */
export function setUsersEnabled(
  viewer: Viewer,
  userIds: ReadonlyArray<number>,
  enable: boolean,
  now = new Date(),
): Result<Outcome> {
  const refused = checkInput(viewer, userIds)
  if (refused) return refused
  return writeAs(viewer, (tx) => {
    const skipped: Skipped[] = []
    const entries: Entry[] = []
    for (const id of new Set(userIds)) {
      const user = getUserById(id)
      const name = user ? user.name : `user ${id}`
      if (user && !user.deletedAt && user.isEnable === enable) {
        skipped.push({ name, reason: `already ${enable ? 'enabled' : 'disabled'}` })
        continue
      }
      const set = setUserEnabled(viewer, id, enable)
      if (set.ok) entries.push({ id, stamp: rowNow(tx, 'user', id)!.stamp })
      else skipped.push({ name, reason: `(${set.message})` })
    }
    const verb = enable ? 'Enabled' : 'Disabled'
    const message = ADMIN_BULK_MESSAGES.done(verb, entries.length, 'user', skipped)
    return ok<Outcome>({
      message,
      changed: entries.length,
      skipped,
      ...remember(tx, viewer, { kind: 'user', enable, entries, message }, now),
    })
  })
}

/**
 * Undoes an admin's bulk enable or disable within UNDO_SECONDS: every row it changed goes back
 * to its previous state through the single action's rule, or none does: after the window, after
 * an earlier Undo, or when any of its rows changed again since (its `updated_at` moved), it
 * answers why and changes nothing.
 */
export function undoAdminBulk(
  viewer: Viewer,
  batchId: number,
  now = new Date(),
): Result<{ message: string; undone: number }> {
  if (!can.useAdminArea(viewer)) return fail('forbidden', ADMIN_BULK_MESSAGES.forbidden)
  return writeAs(viewer, (tx) => {
    const row = tx
      .select()
      .from(adminBulkChanges)
      .where(and(eq(adminBulkChanges.id, batchId), eq(adminBulkChanges.userId, viewer.id)))
      .get()
    if (!row) return fail('not_found', BULK_MESSAGES.undoNotFound)
    const refused = undoRefused(row, now)
    if (refused) return refused
    const entries = JSON.parse(row.entries) as Entry[]
    const nameOf = (id: number) =>
      row.kind === 'product' ? `product ${id}` : (getUserById(id)?.name ?? `user ${id}`)
    const changed = entries
      .filter((e) => changedSince(tx, row.kind, row.enable, e))
      .map((e) => nameOf(e.id))
    const changedAgain = changedSinceRefusal(changed)
    if (changedAgain) return changedAgain
    for (const e of entries) {
      const set =
        row.kind === 'product'
          ? setProductStatus(viewer, e.id, row.enable ? 'disabled' : 'published')
          : setUserEnabled(viewer, e.id, !row.enable)
      if (!set.ok) return fail('conflict', `${nameOf(e.id)}: ${set.message} Nothing was changed.`)
    }
    tx.update(adminBulkChanges).set({ undoneAt: now }).where(eq(adminBulkChanges.id, row.id)).run()
    return ok({
      message: ADMIN_BULK_MESSAGES.undone(entries.length, row.kind, !row.enable),
      undone: entries.length,
    })
  })
}

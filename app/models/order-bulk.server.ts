/**
 * Bulk status changes (issue 30): a pmm or an admin sets one status on many orders at once, in one
 * transaction, under the same per-order rule as the single change (`setStatus`), and may undo it
 * for UNDO_SECONDS. The page (/orders/bulk) and the API (PATCH /order/bulk/status) both call
 * `bulkChangeOrderStatus` and `undoBulkStatus`.
 */
import { and, desc, eq, sql } from 'drizzle-orm'
import { db } from '../../db/client'
import { bulkStatusChanges, orders, orderStatusHistory } from '../../db/schema'
import { fail, failFields, ok, type Result } from '~/core/result'
import {
  listStatuses,
  ORDER_MESSAGES,
  orderForChange,
  orderList,
  orderNumberKey,
  setStatus,
  statusChoices,
  type OrderForChange,
  type OrderQuery,
} from './order.server'
import { can } from './permissions'
import type { User } from './user.server'
import { writeAs, type Tx } from './write.server'

type Viewer = Pick<User, 'id' | 'role'>

/** At most this many orders in one bulk change. */
export const BULK_LIMIT = 500
/** An Undo restores the previous statuses for this long after the change. */
export const UNDO_SECONDS = 10

export const BULK_MESSAGES = {
  notAllowed: 'Only managers and admins can change the status of several orders at once.',
  noneSelected: 'Please select at least one order.',
  tooMany: (n: number) =>
    `At most ${BULK_LIMIT} orders can be changed at once; ${n} are selected. Narrow the filters or select fewer orders.`,
  done: (status: string, changed: number, skipped: ReadonlyArray<Skipped>) =>
    `Status set to ${status} on ${changed} ${changed === 1 ? 'order' : 'orders'}` +
    (skipped.length ? ` (${skipped.length} skipped: ${namesOf(skipped)})` : '') +
    '.',
  notFound: 'not found',
  stale: 'changed by someone else since the page was loaded',
  already: (status: string) => `already ${status}`,
  ambiguous: 'used in several markets',
  undoNotFound: 'No such bulk change.',
  undoDone: 'This bulk change was already undone; nothing was changed.',
  undoExpired: `Undo is possible for ${UNDO_SECONDS} seconds after the change; that time has passed, so nothing was changed.`,
  undoChanged: (names: string) =>
    `Undo is no longer possible: ${names} changed again since; nothing was changed.`,
  undone: (n: number) =>
    `Undone: ${n} ${n === 1 ? 'order is' : 'orders are'} back to their previous status.`,
} as const

/** A row left as it was, and why: named by its number, pId or name (its id when it cannot be seen). */
export type Skipped = { name: string; reason: string }

/** The first few skipped rows with their reasons; the rest counted. */
export function namesOf(skipped: ReadonlyArray<Skipped>, shown = 5) {
  const named = skipped.slice(0, shown).map((s) => `${s.name} ${s.reason}`)
  const more = skipped.length - shown
  return named.join('; ') + (more > 0 ? `; and ${more} more` : '')
}

/** Which orders: their ids (the page), their numbers (the API) or every order of a list's filters. */
export type BulkTarget =
  | { ids: ReadonlyArray<number> }
  | { orderNumbers: ReadonlyArray<{ orderNumber: string; market?: number }> }
  | { filters: OrderQuery }

export type BulkInput = {
  target: BulkTarget
  statusId: string
  /** When the selection was made: an order changed after it is skipped as stale. */
  seenAt?: Date
}

export type BulkOutcome = {
  /** What Undo names; null when nothing changed. */
  batchId: number | null
  status: string
  changed: number
  skipped: Skipped[]
  message: string
  undoUntil: Date | null
}

type Entry = { orderId: number; from: string; historyId: number }

/** The ids a target names, or the skipped entries for numbers that name no visible order. */
function resolveTarget(
  tx: Tx,
  viewer: Viewer,
  target: BulkTarget,
): Result<{ ids: number[]; skipped: Skipped[] }> {
  if ('ids' in target) return ok({ ids: [...new Set(target.ids)], skipped: [] })
  if ('filters' in target) {
    const { where } = orderList(viewer, target.filters)
    const rows = tx
      .select({ id: orders.id })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.id))
      .limit(BULK_LIMIT + 1)
      .all()
    return ok({ ids: rows.map((r) => r.id), skipped: [] })
  }
  const ids: number[] = []
  const skipped: Skipped[] = []
  for (const { orderNumber, market } of target.orderNumbers) {
    const found = tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.orderNumberKey, orderNumberKey(orderNumber)),
          market ? eq(orders.marketId, market) : undefined,
        ),
      )
      .limit(2)
      .all()
      .map((r) => orderForChange(tx, r.id))
      .filter((o): o is OrderForChange => Boolean(o && can.seeOrder(viewer, o)))
    if (found.length === 1) ids.push(found[0]!.id)
    else
      skipped.push({
        name: orderNumber,
        reason: found.length ? BULK_MESSAGES.ambiguous : BULK_MESSAGES.notFound,
      })
  }
  return ok({ ids: [...new Set(ids)], skipped })
}

/**
 * Sets one status on several orders in one IMMEDIATE transaction. Each order meets the single
 * change's rules (`setStatus`: its history entry, the unit a Cancelled order takes again); an
 * order the viewer cannot see, one changed since `seenAt`, one already in the status or one the
 * rule refuses is skipped and named, never half-changed. More than BULK_LIMIT orders: refused.
 */
export function bulkChangeOrderStatus(
  viewer: Viewer,
  input: BulkInput,
  now = new Date(),
): Result<BulkOutcome> {
  if (!can.changeOrdersInBulk(viewer)) return fail('forbidden', BULK_MESSAGES.notAllowed)
  const status = statusChoices(viewer).find((s) => s.id === input.statusId)
  if (!status) return failFields('forbidden', { status: [ORDER_MESSAGES.statusNotYours] })
  const count =
    'ids' in input.target
      ? input.target.ids.length
      : 'orderNumbers' in input.target
        ? input.target.orderNumbers.length
        : 0
  if (count > BULK_LIMIT) return failFields('invalid', { orders: [BULK_MESSAGES.tooMany(count)] })
  return writeAs(viewer, (tx) => {
    const target = resolveTarget(tx, viewer, input.target)
    if (!target.ok) return target
    if (target.ids.length > BULK_LIMIT) {
      const total = 'filters' in input.target ? countOf(tx, viewer, input.target.filters) : 0
      return failFields('invalid', { orders: [BULK_MESSAGES.tooMany(total)] })
    }
    if (target.ids.length === 0 && target.skipped.length === 0) {
      return failFields('invalid', { orders: [BULK_MESSAGES.noneSelected] })
    }
    const skipped = [...target.skipped]
    const entries: Entry[] = []
    for (const id of target.ids) {
      const order = orderForChange(tx, id)
      if (!order || !can.seeOrder(viewer, order)) {
        skipped.push({ name: `order ${id}`, reason: BULK_MESSAGES.notFound })
      } else if (input.seenAt && order.updatedAt.getTime() > input.seenAt.getTime()) {
        skipped.push({ name: order.orderNumber, reason: BULK_MESSAGES.stale })
      } else if (order.statusId === status.id) {
        skipped.push({ name: order.orderNumber, reason: BULK_MESSAGES.already(status.name) })
      } else {
        const set = setStatus(tx, order, status.id, viewer, now)
        if (!set.ok) skipped.push({ name: order.orderNumber, reason: `(${set.message})` })
        else entries.push({ orderId: id, from: order.statusId, historyId: set.historyId! })
      }
    }
    const message = BULK_MESSAGES.done(status.name, entries.length, skipped)
    const batchId = entries.length
      ? tx
          .insert(bulkStatusChanges)
          .values({
            userId: viewer.id,
            statusId: status.id,
            entries: JSON.stringify(entries),
            message,
            createdAt: now,
          })
          .returning({ id: bulkStatusChanges.id })
          .get().id
      : null
    return ok({
      batchId,
      status: status.name,
      changed: entries.length,
      skipped,
      message,
      undoUntil: batchId ? new Date(now.getTime() + UNDO_SECONDS * 1000) : null,
    })
  })
}

function countOf(tx: Tx, viewer: Viewer, filters: OrderQuery) {
  return (
    tx
      .select({ n: sql<number>`count(*)` })
      .from(orders)
      .where(orderList(viewer, filters).where)
      .get()?.n ?? 0
  )
}

/** A bulk change as its maker sees it (for its confirmation page), or not_found. */
export function bulkChange(viewer: Viewer, batchId: number) {
  const row = db
    .select()
    .from(bulkStatusChanges)
    .where(and(eq(bulkStatusChanges.id, batchId), eq(bulkStatusChanges.userId, viewer.id)))
    .get()
  if (!row) return fail('not_found', BULK_MESSAGES.undoNotFound)
  const entries = JSON.parse(row.entries) as Entry[]
  const status = listStatuses().find((s) => s.id === row.statusId)?.name ?? row.statusId
  return ok({
    id: row.id,
    status,
    message: row.message,
    changed: entries.length,
    undone: Boolean(row.undoneAt),
    undoUntil: new Date(row.createdAt.getTime() + UNDO_SECONDS * 1000),
  })
}

/**
 * The Undo refused because rows it would restore changed again since: the first five named, the
 * rest counted. Nothing when none did.
 */
export function changedSinceRefusal(changed: ReadonlyArray<string>) {
  if (!changed.length) return undefined
  const names =
    changed.length > 5
      ? `${changed.slice(0, 5).join(', ')} and ${changed.length - 5} more`
      : changed.join(', ')
  return fail('conflict', BULK_MESSAGES.undoChanged(names))
}

/**
 * Why a remembered bulk change (the orders' or an admin's) can no longer be undone, if it cannot:
 * undone already, or older than UNDO_SECONDS. One rule for both Undos.
 */
export function undoRefused(row: { undoneAt: Date | null; createdAt: Date }, now: Date) {
  if (row.undoneAt) return fail('conflict', BULK_MESSAGES.undoDone)
  if (now.getTime() - row.createdAt.getTime() > UNDO_SECONDS * 1000) {
    return fail('conflict', BULK_MESSAGES.undoExpired)
  }
  return undefined
}

/**
 * Undoes a bulk change within UNDO_SECONDS: every order it changed goes back to its previous
 * status (through `setStatus`, so the history records it), or none does: after the window, after
 * an earlier Undo, or when any of its orders changed again since, it answers why and changes
 * nothing.
 */
export function undoBulkStatus(
  viewer: Viewer,
  batchId: number,
  now = new Date(),
): Result<{ message: string; undone: number }> {
  return writeAs(viewer, (tx) => {
    const row = tx
      .select()
      .from(bulkStatusChanges)
      .where(and(eq(bulkStatusChanges.id, batchId), eq(bulkStatusChanges.userId, viewer.id)))
      .get()
    if (!row) return fail('not_found', BULK_MESSAGES.undoNotFound)
    const refused = undoRefused(row, now)
    if (refused) return refused
    const entries = JSON.parse(row.entries) as Entry[]
    const orders = entries.map((e) => ({ entry: e, order: orderForChange(tx, e.orderId) }))
    const changed = orders
      .filter(
        ({ entry, order }) => !order || latestHistoryId(tx, entry.orderId) !== entry.historyId,
      )
      .map(({ entry, order }) => order?.orderNumber ?? `order ${entry.orderId}`)
    const changedAgain = changedSinceRefusal(changed)
    if (changedAgain) return changedAgain
    for (const { entry, order } of orders) {
      const set = setStatus(tx, order!, entry.from, viewer, now)
      if (!set.ok)
        return fail('conflict', `${order!.orderNumber}: ${set.message} Nothing was changed.`)
    }
    tx.update(bulkStatusChanges)
      .set({ undoneAt: now })
      .where(eq(bulkStatusChanges.id, row.id))
      .run()
    return ok({ message: BULK_MESSAGES.undone(entries.length), undone: entries.length })
  })
}

function latestHistoryId(tx: Tx, orderId: number) {
  return tx
    .select({ id: orderStatusHistory.id })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(desc(orderStatusHistory.id))
    .limit(1)
    .get()?.id
}

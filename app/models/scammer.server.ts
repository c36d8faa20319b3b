/**
 * The Scammer PayPal list: PayPal emails reported by managers and admins, which every role can
 * search, and which order creation checks (`scammerListed`). Emails are stored trimmed and
 * lower-cased, so the unique index compares them without regard to case.
 */
import { eq, type SQL } from 'drizzle-orm'
import { db } from '../../db/client'
import { scammerPaypals, users } from '../../db/schema'
import type { ScammerListFilters } from '~/schemas/list-queries'
import type { ScammerInput } from '~/validation/scammer'
import { paginateTable, type Page } from './paginate.server'
import { can } from './permissions'
import { fail, failFields, ok, type Failure, type Result } from '~/core/result'
import { containsText } from './search.server'
import type { User } from './user.server'
import { writeAs } from './write.server'

type Viewer = Pick<User, 'id' | 'role'>

/** What a new order or an edit says when the customer email is on the list (product.md). */
export const SCAMMER_BLOCKED_MESSAGE = 'This customer email is on the scammer list.'
export const SCAMMER_ADDED_MESSAGE = 'Scammer PayPal added successfully.'
export const SCAMMER_REMOVED_MESSAGE = 'Scammer PayPal removed successfully.'
export const SCAMMER_DUPLICATE_MESSAGE = 'This email is already on the Scammer PayPal list.'
export const SCAMMER_NOT_FOUND_MESSAGE = 'No such entry on the Scammer PayPal list.'
export const SCAMMER_FORBIDDEN_MESSAGE =
  'Only managers and admins can change the Scammer PayPal list.'

// Invisible and format characters (zero-width space, word joiner, soft hyphen, BOM, bidi marks,
// tag characters, Hangul fillers...), controls and spaces: none belongs in an email address.
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Z}\p{Default_Ignorable_Code_Point}\s]/gu

/**
 * The form in which emails are compared with the list, and stored in it: Unicode NFKC (full-width
 * and compatibility letters become plain ones), case-folded (upper then lower case folds ß to ss
 * as well), with invisible and format characters removed, so an address that reads the same is
 * the same entry.
 */
export function normaliseEmail(email: string) {
  return email
    .replace(INVISIBLE, '')
    .normalize('NFKC')
    .toUpperCase()
    .toLowerCase()
    .replace(INVISIBLE, '')
}

const entryColumns = {
  id: scammerPaypals.id,
  email: scammerPaypals.email,
  reason: scammerPaypals.reason,
  createdAt: scammerPaypals.createdAt,
  reporterId: users.id,
  reporterName: users.name,
}

function entryQuery() {
  return db
    .select(entryColumns)
    .from(scammerPaypals)
    .innerJoin(users, eq(users.id, scammerPaypals.reportedBy))
}
type EntryRow = ReturnType<ReturnType<typeof entryQuery>['all']>[number]

/** An entry as pages see it (the API serializes it). */
function toScammerView(row: EntryRow) {
  return {
    id: row.id,
    email: row.email,
    reason: row.reason,
    reportedBy: { id: row.reporterId, name: row.reporterName },
    createdAt: row.createdAt,
  }
}
export type ScammerView = ReturnType<typeof toScammerView>

/** One entry, for the confirm step of Remove. */
export function getScammer(id: number): ScammerView | undefined {
  const row = entryQuery().where(eq(scammerPaypals.id, id)).get()
  return row ? toScammerView(row) : undefined
}

/** The toast of a refusal for a listed email (product.md: a field error and an error toast). */
export function scammerToast(refusal?: Failure): string | undefined {
  return refusal?.message === SCAMMER_BLOCKED_MESSAGE ? SCAMMER_BLOCKED_MESSAGE : undefined
}

/**
 * True when this email, normalised, is on the list (whose entries are stored normalised; see
 * normaliseScammerList for those stored before). Inside a write, pass its transaction.
 */
export function scammerListed(email: string, tx: Pick<typeof db, 'select'> = db): boolean {
  const key = normaliseEmail(email)
  if (!key) return false
  return Boolean(
    tx
      .select({ id: scammerPaypals.id })
      .from(scammerPaypals)
      .where(eq(scammerPaypals.email, key))
      .get(),
  )
}

function searchWhere(q: string | undefined): SQL | undefined {
  return containsText(q, scammerPaypals.email, scammerPaypals.reason)
}

/** One page of the list (25 rows, newest first), searched by `q` over email and reason. */
export function listScammers(
  viewer: Viewer,
  filters: ScammerListFilters = {},
): Result<Page<ScammerView>> {
  if (!can.viewScammers(viewer)) return fail('forbidden', 'You may not see this list.')
  const where = searchWhere(filters.q)
  return ok(
    paginateTable(
      filters.page,
      {
        table: scammerPaypals,
        where,
        order: { keys: [scammerPaypals.createdAt, scammerPaypals.id], dir: 'desc' },
      },
      (onPage, order) =>
        entryQuery()
          .where(onPage)
          .orderBy(...order)
          .all()
          .map(toScammerView),
    ),
  )
}

/**
 * Reports an email (managers and admins). The same email in another letter case is a duplicate:
 * a refusal on the email field.
 */
export function addScammer(
  viewer: Viewer,
  input: ScammerInput,
  now = new Date(),
): Result<{ entry: ScammerView }> {
  if (!can.manageScammers(viewer)) return fail('forbidden', SCAMMER_FORBIDDEN_MESSAGE)
  const added = writeAs(viewer, (tx) => {
    const inserted = tx
      .insert(scammerPaypals)
      .values({
        email: normaliseEmail(input.email),
        reason: input.reason.trim(),
        reportedBy: viewer.id,
        createdAt: now,
      })
      .onConflictDoNothing({ target: scammerPaypals.email })
      .returning({ id: scammerPaypals.id })
      .get()
    return inserted ? ok(inserted) : failFields('conflict', { email: [SCAMMER_DUPLICATE_MESSAGE] })
  })
  if (!added.ok) return added
  const entry = getScammer(added.id)
  if (!entry) return fail('not_found', SCAMMER_NOT_FOUND_MESSAGE)
  return ok({ entry })
}

/** Takes an entry off the list (managers and admins); an unknown id is not found. */
export function removeScammer(viewer: Viewer, id: number): Result<{ entry: ScammerView }> {
  if (!can.manageScammers(viewer)) return fail('forbidden', SCAMMER_FORBIDDEN_MESSAGE)
  const entry = getScammer(id)
  if (!entry) return fail('not_found', SCAMMER_NOT_FOUND_MESSAGE)
  return writeAs(viewer, (tx) => {
    const deleted = tx
      .delete(scammerPaypals)
      .where(eq(scammerPaypals.id, id))
      .returning({ id: scammerPaypals.id })
      .get()
    return deleted ? ok({ entry }) : fail('not_found', SCAMMER_NOT_FOUND_MESSAGE)
  })
}

/**
 * Entries stored before emails were normalised this way (only trimmed and lower-cased) are
 * rewritten in the normalised form at start (the primary process, before it serves), so the
 * unique index compares every entry the same way. Two entries that turn out to be one address
 * keep the first reported. Cheap when nothing needs it: one pass over the emails.
 */
export function normaliseScammerList() {
  const rows = db
    .select({ id: scammerPaypals.id, email: scammerPaypals.email })
    .from(scammerPaypals)
    .orderBy(scammerPaypals.id)
    .all()
  const stale = rows.filter((r) => normaliseEmail(r.email) !== r.email)
  if (stale.length === 0) return 0
  db.transaction(
    (tx) => {
      for (const row of stale) {
        const email = normaliseEmail(row.email)
        const kept = tx
          .select({ id: scammerPaypals.id })
          .from(scammerPaypals)
          .where(eq(scammerPaypals.email, email))
          .get()
        if (kept && kept.id < row.id) {
          tx.delete(scammerPaypals).where(eq(scammerPaypals.id, row.id)).run()
        } else if (kept) {
          tx.delete(scammerPaypals).where(eq(scammerPaypals.id, kept.id)).run()
          tx.update(scammerPaypals).set({ email }).where(eq(scammerPaypals.id, row.id)).run()
        } else {
          tx.update(scammerPaypals).set({ email }).where(eq(scammerPaypals.id, row.id)).run()
        }
      }
    },
    { behavior: 'immediate' },
  )
  return stale.length
}

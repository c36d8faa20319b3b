/**
 * How every mutation writes: one IMMEDIATE transaction that first checks, inside the write lock,
 * that the acting user is still enabled and not deleted. A request signed in before an admin
 * disabled the account (and still under way, say decoding pictures) then writes nothing.
 */
import { eq } from 'drizzle-orm'
import { db } from '../../db/client'
import { users } from '../../db/schema'
import { fail, type Failure, type Result } from '~/core/result'
import { LOGIN_DELETED_MESSAGE, LOGIN_DISABLED_MESSAGE } from './user.server'

/** What a write transaction may do (the transaction object, or the connection itself). */
export type Tx = Pick<typeof db, 'select' | 'insert' | 'update' | 'delete'>

/** The refusal for an account that may no longer write, or null while it may. */
export function closedAccount(tx: Tx, userId: number) {
  const row = tx
    .select({ isEnable: users.isEnable, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .get()
  if (!row || row.deletedAt) return fail('deleted', LOGIN_DELETED_MESSAGE)
  if (!row.isEnable) return fail('disabled', LOGIN_DISABLED_MESSAGE)
  return null
}

/** Carries a refusal out of a transaction, so the transaction rolls back. */
class Refused extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message)
  }
}

/**
 * Runs `write` in an IMMEDIATE transaction as `actor`, refused (nothing written) when the account
 * has been disabled or deleted meanwhile. A refusal from `write` rolls back whatever it wrote
 * first. Every mutating model function writes through this.
 */
export function writeAs<T extends object>(
  actor: { id: number },
  write: (tx: Tx) => Result<T>,
): Result<T> {
  try {
    return db.transaction(
      (tx) => {
        const closed = closedAccount(tx, actor.id)
        if (closed) throw new Refused(closed)
        const result = write(tx)
        if (!result.ok) throw new Refused(result)
        return result
      },
      { behavior: 'immediate' },
    )
  } catch (error) {
    if (error instanceof Refused) return error.failure
    throw error
  }
}

import { and, eq, lte } from 'drizzle-orm'
import { db } from '../../db/client'
import { idempotencyKeys } from '../../db/schema'
import {
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENCY_WINDOW_MS,
  readIdempotencyKey,
  requestFingerprint,
} from '~/core/idempotency.server'
import { fail, type Result } from '~/core/result'
import type { Tx } from './write.server'

/** Records a write's result with its key, inside the write's own transaction. */
export type Remember = (tx: Tx, stored: object) => void

/** What `idempotent` needs of a request: its key as sent (null: none), scope and parsed body. */
export type IdempotentRequest = { key: string | null | undefined; scope: string; body: unknown }

type Found = { fingerprint: string; result: string }

function lookUp(tx: Tx, userId: number, key: string, now: number): Found | undefined {
  const row = tx
    .select({
      fingerprint: idempotencyKeys.fingerprint,
      result: idempotencyKeys.result,
      createdAt: idempotencyKeys.createdAt,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .get()
  return row && row.createdAt.getTime() > now - IDEMPOTENCY_WINDOW_MS ? row : undefined
}

/**
 * The one idempotency rule (issue 31), for the page and the API alike: a write sent with a key
 * that this user already used in the last 24 hours is not done again. The same scope and body
 * answer the first result again (`replay` rebuilds it from what `run` stored, `replayed: true`);
 * another body is refused (422). A key that is not 1 to 255 visible characters is refused (400).
 * Without a key, `run` is simply run.
 *
 * `run` gets `remember`, which it calls inside its write transaction with what the result needs to
 * be rebuilt: the key and the write are committed together, so a crash never leaves one without
 * the other. Only a success is remembered: a refused request (an expired reservation) may be
 * corrected and sent again with its key. Two requests with one key at once: the write
 * transactions are serial, so the second finds the first's row and answers as above.
 */
export async function idempotent<T extends object>(
  viewer: { id: number },
  request: IdempotentRequest,
  replay: (stored: unknown) => Result<T>,
  run: (remember: Remember) => Promise<Result<T>>,
  now = Date.now(),
): Promise<Result<T & { replayed?: true }>> {
  const key = readIdempotencyKey(request.key)
  if (key === false) return fail('invalid', IDEMPOTENCY_MESSAGES.badKey)
  if (key === null) return run(() => undefined)
  const fingerprint = await requestFingerprint(request.scope, request.body)
  const answerFound = (found: Found): Result<T & { replayed?: true }> => {
    if (found.fingerprint !== fingerprint) return fail('unprocessable', IDEMPOTENCY_MESSAGES.reused)
    const replayed = replay(JSON.parse(found.result))
    return replayed.ok ? { ...replayed, replayed: true } : replayed
  }
  const before = lookUp(db, viewer.id, key, now)
  if (before) return answerFound(before)
  const remember: Remember = (tx, stored) => {
    // A row older than the window is as good as gone (the sweep may not have run yet).
    tx.delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.userId, viewer.id),
          eq(idempotencyKeys.key, key),
          lte(idempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_WINDOW_MS)),
        ),
      )
      .run()
    tx.insert(idempotencyKeys)
      .values({
        userId: viewer.id,
        key,
        fingerprint,
        result: JSON.stringify(stored),
        createdAt: new Date(now),
      })
      .run()
  }
  try {
    const result = await run(remember)
    if (result.ok) return result
    // Refused: perhaps because a request with the same key was written meanwhile.
    const after = lookUp(db, viewer.id, key, now)
    return after ? answerFound(after) : result
  } catch (error) {
    // The insert found the key taken: another request with it committed first.
    const after = lookUp(db, viewer.id, key, now)
    if (after) return answerFound(after)
    throw error
  }
}

/** Removes keys older than the window; called by the periodic sweep. */
export function purgeOldIdempotencyKeys(now = Date.now()) {
  db.delete(idempotencyKeys)
    .where(lte(idempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_WINDOW_MS)))
    .run()
}

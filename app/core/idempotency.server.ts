import crypto from 'node:crypto'

/*
 * Idempotency keys (issue 31), the generic half: how long a key is kept, what a key may be, and the
 * fingerprint of a request's body that tells "the same request again" from "another request with
 * the same key". The rule that uses them is models/idempotency.server.ts.
 */

/** A key answers its first result for this long (the IETF draft leaves it to the server). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000

/** The request header (the IETF HTTP draft's name) and the form field of a page's post. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
export const IDEMPOTENCY_FIELD = 'idempotencyKey'

export const IDEMPOTENCY_MESSAGES = {
  badKey: 'The Idempotency-Key must be 1 to 255 visible characters.',
  reused:
    'This Idempotency-Key was already used for a different request in the last 24 hours. Send this one with a new key.',
} as const

/**
 * The key as sent, or null when none was sent; a key that is not 1 to 255 visible ASCII
 * characters is `false`. The draft sends it as a structured-field string (in double quotes); a
 * bare token is taken as well.
 */
export function readIdempotencyKey(raw: string | null | undefined): string | null | false {
  if (raw === null || raw === undefined) return null
  const trimmed = raw.trim()
  const unquoted =
    trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')
      ? trimmed.slice(1, -1)
      : trimmed
  return /^[\x21-\x7e]{1,255}$/.test(unquoted) ? unquoted : false
}

/** A value in a canonical form: object keys sorted, files by their type and the hash of their bytes. */
async function canonical(value: unknown): Promise<unknown> {
  if (value instanceof Blob) {
    const bytes = Buffer.from(await value.arrayBuffer())
    return { file: crypto.createHash('sha256').update(bytes).digest('hex'), type: value.type }
  }
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return Promise.all(value.map(canonical))
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    const out: Record<string, unknown> = {}
    for (const [k, v] of entries) out[k] = await canonical(v)
    return out
  }
  return value ?? null
}

/**
 * The fingerprint of a request: its scope (what it does) and its parsed body. A page's form and the
 * API parse the same schema, so the same order sent either way has the same fingerprint; a picture
 * counts by its bytes, not its file name.
 */
export async function requestFingerprint(scope: string, body: unknown): Promise<string> {
  const text = JSON.stringify([scope, await canonical(body)])
  return crypto.createHash('sha256').update(text).digest('hex')
}

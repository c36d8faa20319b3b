import { IDEMPOTENCY_FIELD, IDEMPOTENCY_HEADER } from '~/core/idempotency.server'

/**
 * The Idempotency-Key a request was sent with: its header, or (a page's form post) its hidden
 * field. Null when neither; the model checks what it is (models/idempotency.server.ts).
 */
export function idempotencyKeyOf(request: Request, form?: FormData): string | null {
  const header = request.headers.get(IDEMPOTENCY_HEADER)
  if (header !== null) return header
  const field = form?.get(IDEMPOTENCY_FIELD)
  return typeof field === 'string' ? field : null
}

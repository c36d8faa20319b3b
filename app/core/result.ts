/**
 * How every model answers: `{ ok: true, ...value }` or a refusal with a domain code. Models never
 * see HTTP: the API maps codes to statuses in one table (app/utils/http-errors.ts), pages map
 * them to a field error or a toast.
 */
export type ErrorCode =
  | 'invalid' // the input breaks a rule (a field error)
  | 'invalid_credentials' // wrong email or password
  | 'forbidden' // the role may not do this
  | 'disabled' // the account is disabled
  | 'deleted' // the account is deleted
  | 'not_found' // no such thing, or not one the viewer may see
  | 'conflict' // the state does not allow it (sold out, duplicate, already taken)
  | 'too_large' // an upload over its limit
  | 'throttled' // too many attempts
  | 'unprocessable' // well formed, but cannot be done as sent (an idempotency key reused with another body)

export type Failure = {
  ok: false
  code: ErrorCode
  message: string
  /** The form field the refusal is about, when there is one. */
  field?: string
  /** Several fields refused at once (a form), each with its messages. */
  fieldErrors?: Record<string, string[]>
}

export type Result<T extends object = object> = ({ ok: true } & T) | Failure

export const ok = <T extends object>(value: T): { ok: true } & T => ({ ok: true, ...value })

export function fail(code: ErrorCode, message: string, field?: string): Failure {
  return field ? { ok: false, code, message, field } : { ok: false, code, message }
}

/** A refusal naming several fields; its message is the first field's first message. */
export function failFields(code: ErrorCode, fieldErrors: Record<string, string[]>): Failure {
  const [field, messages] = Object.entries(fieldErrors)[0] ?? ['', ['Invalid request.']]
  return { ok: false, code, message: messages[0] ?? 'Invalid request.', field, fieldErrors }
}

/** The field errors of a refusal, for a form to show next to its fields. */
export function fieldErrorsOf(failure: Failure): Record<string, string[]> {
  if (failure.fieldErrors) return failure.fieldErrors
  return { [failure.field ?? '']: [failure.message] }
}

/** For scripts (seed, factories) that cannot show a refusal: the value, or an exception. */
export function unwrap<T extends object>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.code}: ${result.message}`)
  return result
}

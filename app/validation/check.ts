import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, withoutInvisible } from './invisible'

/*
 * The browser's form checks, without zod (docs/decisions: client-validate-light-checks): each
 * form's checks (`*.checks.ts`) give the first message its zod schema gives for a field, read as
 * the server reads a form (Conform's parseWithZod: an empty field is missing, a number is
 * `Number(text)`, an unchosen file is missing). `checks.test.ts` holds each form's checks to its
 * schema over a table of inputs.
 */

/** A field's first message; `fatal` when zod would stop the object there (a missing or mistyped value). */
type Outcome = string | { fatal: string } | undefined
export type FieldCheck = (value: FormDataEntryValue | null) => Outcome
export type FormChecks<Name extends string = string> = {
  fields: Record<Name, FieldCheck>
  /** A rule across fields (a refinement of the object): zod runs it only when no field was fatal. */
  across?: (form: FormData) => [field: string, message: string] | undefined
}

/** The too-long message of most text fields. */
export const tooLong = (max: number) => `Please keep this under ${max} characters.`

/** One test of a value and its message. */
export type Test<T> = [(value: T) => boolean, string]

const first = <T>(value: T, tests: Array<Test<T>>) => tests.find(([ok]) => !ok(value))?.[1]

export const shortest = (n: number, message: string): Test<string> => [
  (s) => s.length >= n,
  message,
]
export const longest = (n: number, message: string): Test<string> => [(s) => s.length <= n, message]
export const matches = (re: RegExp, message: string): Test<string> => [(s) => re.test(s), message]
// zod's own email pattern, so both sides accept the same addresses.
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Z0-9_'+\-.]*)[A-Z0-9_+-]@([A-Z0-9][A-Z0-9-]*\.)+[A-Z]{2,}$/i
export const email = (message: string) => matches(EMAIL, message)
export const whole = (message: string): Test<number> => [Number.isInteger, message]
export const atLeast = (n: number, message: string): Test<number> => [(v) => v >= n, message]
export const atMost = (n: number, message: string): Test<number> => [(v) => v <= n, message]

/**
 * A typed text (the text rule: invisible characters removed, trimmed, controls refused): required
 * with `required`, at most `max` characters, then `then`'s tests.
 */
export function text(
  required: string | undefined,
  [max, tooLong]: [number, string],
  ...then: Array<Test<string>>
): FieldCheck {
  return (value) => {
    if (typeof value !== 'string' || value === '') return required && { fatal: required }
    const s = withoutInvisible(value).trim()
    if (required && !s) return required
    if (s.length > max) return tooLong
    if (hasControlCharacters(s)) return CONTROL_CHARACTERS_MESSAGE
    return first(s, then)
  }
}

/** A text taken as typed (a password): required, then `tests` in order. */
export const raw =
  (required: string, ...tests: Array<Test<string>>): FieldCheck =>
  (value) =>
    typeof value !== 'string' || value === '' ? { fatal: required } : first(value, tests)

/** One of `choices` (a select). */
export const oneOf =
  (choices: readonly string[], message: string): FieldCheck =>
  (value) =>
    typeof value === 'string' && choices.includes(value) ? undefined : { fatal: message }

/** A number as Conform reads it: missing says `required`, not a number says `invalid`. */
export const num =
  (required: string, invalid: string, ...tests: Array<Test<number>>): FieldCheck =>
  (value) => {
    if (typeof value !== 'string' || value === '') return { fatal: required }
    const n = value.trim() === '' ? Number.NaN : Number(value)
    return Number.isNaN(n) ? { fatal: invalid } : first(n, tests)
  }

/** A select's choice: a positive id, `message` otherwise. */
export const choice = (message: string) =>
  num(message, message, whole(message), [(v) => v > 0, message])

/** A chosen file. */
export const file =
  (message: string): FieldCheck =>
  (value) =>
    value instanceof File && (value.size > 0 || value.name !== '') ? undefined : { fatal: message }

/** A field the page does not check (an optional picture). */
export const anything: FieldCheck = () => undefined

/** A field that may be left empty; when given, `check` holds. */
export const optional =
  (check: FieldCheck): FieldCheck =>
  (value) =>
    value === null || value === '' ? undefined : check(value)

/** Each field's first message (none for a valid form), as the server's schema would give them. */
export function checkForm(checks: FormChecks, form: FormData): Record<string, string> {
  const errors: Record<string, string> = {}
  let fatal = false
  for (const [name, check] of Object.entries<FieldCheck>(checks.fields)) {
    const outcome = check(form.get(name))
    if (typeof outcome === 'object') fatal = true
    const message = typeof outcome === 'object' ? outcome.fatal : outcome
    if (message) errors[name] = message
  }
  const across = fatal ? undefined : checks.across?.(form)
  if (across) errors[across[0]] ??= across[1]
  return errors
}

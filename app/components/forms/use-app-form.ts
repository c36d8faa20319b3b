import type { SubmissionResult } from '@conform-to/react'
import { useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState, type FormEvent, type SyntheticEvent } from 'react'
import { checkForm, type FormChecks } from '~/validation/check'

/** What the server answered a refused form with (Conform's reply, made by submitForm). */
export type FormResult = SubmissionResult<string[]> | null | undefined
/** A form's first values (a number is written as its text). */
export type FormDefaults = Record<string, string | number | undefined>

/** A field's name, ids, first value and errors: what its control and its error need. */
export type FieldMeta = {
  id: string
  name: string
  errorId: string
  errors?: string[] | null
  initialValue?: string
  required?: boolean
}

/** Each field's errors (Conform's answer says null for none). */
type Errors = Record<string, string[] | null | undefined>

/**
 * A form checked in the page with its zod-free checks (the server checks it again with its zod
 * schema, and `checks.test.ts` holds both to the same messages), so no form library and no zod
 * reach the browser. The options every form of the app uses: errors once a field has been left
 * (then as the user types), all of them at a submit, which goes only when the form is valid; the
 * server's last answer shows its field errors, and focus moves to the first invalid field. The
 * ids are Conform's (`form-field`, `form-field-error`), which the server's answers and tests use.
 */
export function useAppForm<Name extends string>(
  checks: FormChecks<Name>,
  options: { id: string; lastResult: FormResult; defaultValue?: FormDefaults },
) {
  const { id, lastResult } = options
  const [initial] = useState(() => lastResult?.initialValue ?? options.defaultValue ?? {})
  const [errors, setErrors] = useState<Errors>(() => errorsOf(lastResult))
  // The fields checked as they change: those left, or all after a submit; after the server's
  // answer, the fields it names (typing in a refused field then shows at once that it is fixed,
  // before its error would go on leaving it and move the button being clicked).
  const validated = useRef(new Set(answeredFields(lastResult)))
  const answered = useRef(lastResult)

  // A new answer from the server: its errors, its fields now checked as they change, and focus
  // on the first field it refused. Taken once the page has loaded again: a form the page then
  // mounts anew (a `key` by location) takes it as it mounts, with what was sent, and nothing is
  // typed meanwhile into fields about to go.
  const loading = useNavigation().state !== 'idle'
  useEffect(() => {
    if (loading || !lastResult || lastResult === answered.current) return
    answered.current = lastResult
    const next = errorsOf(lastResult)
    setErrors(next)
    for (const name of answeredFields(lastResult)) validated.current.add(name)
    const form = document.forms.namedItem(id)
    if (form && lastResult.status === 'error') focusFirstInvalid(form, next)
  }, [loading, lastResult, checks, id])

  /** Checks the form and shows the errors of the fields checked so far (others keep theirs). */
  function check(form: HTMLFormElement) {
    const found = checkForm(checks, new FormData(form))
    setErrors((shown) => {
      const next = { ...shown }
      for (const name of validated.current) next[name] = found[name] ? [found[name]] : undefined
      return next
    })
  }

  const fieldOf = (target: EventTarget) =>
    isField(target) && target.name in checks.fields ? target : undefined

  const props = {
    id,
    noValidate: true,
    'aria-describedby': errors['']?.length ? `${id}-error` : undefined,
    onBlur(event: SyntheticEvent<HTMLFormElement>) {
      const field = fieldOf(event.target)
      if (!field) return
      validated.current.add(field.name)
      check(event.currentTarget)
    },
    onInput(event: SyntheticEvent<HTMLFormElement>) {
      const field = fieldOf(event.target)
      if (field && validated.current.has(field.name)) check(event.currentTarget)
    },
    onSubmit(event: FormEvent<HTMLFormElement>) {
      const form = event.currentTarget
      for (const name of Object.keys(checks.fields)) validated.current.add(name)
      const found = checkForm(checks, new FormData(form))
      const next: Errors = Object.fromEntries(
        Object.entries(found).map(([name, message]) => [name, [message]]),
      )
      setErrors(next)
      if (Object.keys(next).length > 0) {
        event.preventDefault()
        focusFirstInvalid(form, next)
      }
    },
    // The form's own reset (CANCEL, or `form.reset()` below): its errors go too.
    onReset(event: SyntheticEvent<HTMLFormElement>) {
      if (event.target !== event.currentTarget) return
      validated.current.clear()
      setErrors({})
    },
  }

  const meta = (name: string): FieldMeta => {
    const value = initial[name]
    return {
      id: `${id}-${name}`,
      name,
      errorId: `${id}-${name}-error`,
      errors: errors[name],
      initialValue:
        typeof value === 'number' ? String(value) : typeof value === 'string' ? value : undefined,
      required: name in checks.fields && checks.fields[name as Name](null) !== undefined,
    }
  }
  const fields = Object.fromEntries(
    Object.keys(checks.fields).map((name) => [name, meta(name)]),
  ) as Record<Name, FieldMeta>

  const form = {
    id,
    errorId: `${id}-error`,
    errors: errors[''],
    props,
    /** Empties the form (its fields back to their first values) and its errors. */
    reset: () => document.forms.namedItem(id)?.reset(),
  }
  return [form, fields] as const
}

function answeredFields(result: FormResult) {
  // Not the form's own errors (''): they stay until the next submit.
  return [...Object.keys(result?.error ?? {}), ...(result?.fields ?? [])].filter(Boolean)
}

function errorsOf(result: FormResult): Errors {
  return { ...result?.error }
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement
const isField = (target: unknown): target is Control =>
  target instanceof HTMLInputElement ||
  target instanceof HTMLSelectElement ||
  target instanceof HTMLTextAreaElement

function focusFirstInvalid(form: HTMLFormElement, errors: Errors) {
  Array.from(form.elements)
    .find((element): element is Control => isField(element) && Boolean(errors[element.name]))
    ?.focus()
}

import type { Submission, SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import { z } from 'zod'
import { STATUS_BY_CODE } from '~/utils/http-errors'
import { fieldErrorsOf, type Failure, type Result } from '~/core/result'
import { dataWithToast } from '~/utils/toast.server'

/** Submitted values longer than this are not sent back to re-fill a refused form. */
export const ECHO_LIMIT = 1000

/** The top-level field names a form schema declares (through refinements, pipes and unions). */
export function declaredFields(schema: z.ZodTypeAny): Set<string> {
  const def = schema._def as Record<string, unknown>
  if (schema instanceof z.ZodObject) return new Set(Object.keys(schema.shape as object))
  if (schema instanceof z.ZodEffects) return declaredFields(schema.innerType())
  if (schema instanceof z.ZodPipeline) return declaredFields(def.in as z.ZodTypeAny)
  if (schema instanceof z.ZodUnion || schema instanceof z.ZodDiscriminatedUnion) {
    const options = [...(schema.options as Iterable<z.ZodTypeAny>)]
    return new Set(options.flatMap((option) => [...declaredFields(option)]))
  }
  if (schema instanceof z.ZodIntersection) {
    return new Set([...declaredFields(schema._def.left), ...declaredFields(schema._def.right)])
  }
  if ('innerType' in def) return declaredFields(def.innerType as z.ZodTypeAny)
  return new Set()
}

/** A submitted value's length in characters (a field sent several times counts every time). */
const echoLength = (value: unknown): number =>
  typeof value === 'string'
    ? value.length
    : Array.isArray(value)
      ? value.reduce((sum: number, v) => sum + echoLength(v), 0)
      : value && typeof value === 'object'
        ? Object.values(value).reduce((sum: number, v) => sum + echoLength(v), 0)
        : 0

/**
 * The answer to a refused form: its errors and the typed values, so nothing is lost, except the
 * fields named in `hide` (a password, pictures), any field the schema does not declare, and any
 * value too long to send back (a form re-renders what was submitted: thousands of made-up fields
 * or a huge paste would be echoed in the page and its data).
 */
export function refusedReply(
  submission: Submission<unknown>,
  schema: z.ZodTypeAny,
  options: { hide?: string[]; fieldErrors?: Record<string, string[]>; formErrors?: string[] } = {},
): SubmissionResult<string[]> {
  const declared = declaredFields(schema)
  const dropped = Object.entries(submission.payload)
    .filter(([name, value]) => !declared.has(name) || echoLength(value) > ECHO_LIMIT)
    .map(([name]) => name)
  const reply = submission.reply({
    hideFields: [...(options.hide ?? []), ...dropped],
    fieldErrors: options.fieldErrors,
    formErrors: options.formErrors,
  })
  // The reply also names every submitted field (`fields`): only declared ones go back.
  const fields = reply.fields?.filter((name) => declared.has(name.split(/[.[]/)[0] ?? ''))
  return { ...reply, fields }
}

/**
 * The one shape of a form action: parse the form with the page's schema, hand the value to the
 * model, and answer a refusal (the schema's or the model's) with field errors and the typed values
 * (status from the model's code). What success returns (a redirect with a toast) is the caller's.
 */
export async function submitForm<Schema extends z.ZodTypeAny, T extends object>(
  form: FormData,
  schema: Schema,
  options: {
    hide?: string[]
    run: (value: z.output<Schema>) => Result<T> | Promise<Result<T>>
    done: (result: { ok: true } & T) => Response | Promise<Response>
    /** Which form answered, for a page with several forms (the answer's `form`). */
    formId?: string
    /**
     * A toast that also tells of a refusal ('Error updating order. Please try again.'), or the
     * toast for a given refusal (none when it answers undefined; no refusal: the schema's).
     */
    refusedToast?: {
      args: { request: Request; context: object }
      message: string | ((refusal?: Failure) => string | undefined)
    }
  },
) {
  const toast = options.refusedToast
  // The toast's message is also said on the form itself (a toast fades and is far from the
  // form), unless a field already says it.
  const refuse = (
    submission: Submission<unknown>,
    status: number,
    refusal?: Failure,
    fieldErrors?: Record<string, string[]>,
  ) => {
    const message = typeof toast?.message === 'function' ? toast.message(refusal) : toast?.message
    const onField = Object.values(fieldErrors ?? {}).some((errors) => errors.includes(message!))
    const formErrors = message && !onField ? [message] : undefined
    const result = refusedReply(submission, schema, { hide: options.hide, fieldErrors, formErrors })
    return toast && message
      ? dataWithToast(
          toast.args,
          { result, form: options.formId },
          { type: 'error', message },
          { status },
        )
      : data({ result, form: options.formId }, { status })
  }
  const submission = parseWithZod(form, { schema })
  if (submission.status !== 'success') return refuse(submission, 400)
  const outcome = await options.run(submission.value)
  if (!outcome.ok) {
    return refuse(submission, STATUS_BY_CODE[outcome.code], outcome, fieldErrorsOf(outcome))
  }
  return options.done(outcome)
}

import { useForm, type DefaultValue, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import type { z } from 'zod'

export type FormSchema = z.ZodType<Record<string, unknown>, z.ZodTypeDef, Record<string, unknown>>

/**
 * Conform with the options every form of the app uses: the same zod schema in the page and on the
 * server, errors once a field has been left (then as the user types), and the server's last
 * answer (field errors; Conform then moves focus to the first invalid field). The inputs get no
 * maxlength (see formConstraint).
 */
export function useAppForm<Schema extends FormSchema>(
  schema: Schema,
  options: {
    id: string
    lastResult: SubmissionResult<string[]> | null | undefined
    defaultValue?: DefaultValue<z.input<Schema>>
  },
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    constraint: formConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
}

/**
 * Conform's constraints for a schema, without `maxLength`: an input with maxlength silently cuts
 * a pasted value (a 16-character password would become 15 and never sign in), so the schema's
 * too-long messages show instead.
 */
function formConstraint(schema: Parameters<typeof getZodConstraint>[0]) {
  const constraint = getZodConstraint(schema)
  return Object.fromEntries(
    Object.entries(constraint).map(([name, { maxLength: _cut, ...rest }]) => [name, rest]),
  )
}

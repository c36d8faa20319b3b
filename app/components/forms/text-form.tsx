import { Form } from '@remix-run/react'
import type { FormChecks } from '~/validation/check'
import { SubmitRow } from './button'
import { InputField } from './fields'
import { useFormAnswer } from './form-answer'
import { useAppForm, type FormDefaults } from './use-app-form'
import { useIsPending } from './use-is-pending'
import { DialogCancel } from '~/components/ui/dialog'

/**
 * A titled form of a few text fields posted with an `intent` (an admin's Add, a row's inline
 * Rename): the action answers it with `submitForm(form, schema, { formId: id, ... })`. `hidden`
 * values go along (the row's id); `cancelHref` adds Cancel (a step's way back). Give it
 * `key={useLocation().key}` to empty it after a success.
 */
export function TextForm<Name extends string>({
  id,
  intent,
  title,
  checks,
  fields,
  submit,
  hidden = {},
  defaultValue,
  cancelHref,
}: {
  id: string
  intent: string
  title: string
  checks: FormChecks<Name>
  /** Each field's label, by its name in the checks, in order. */
  fields: Record<Name, string>
  submit: string
  hidden?: Record<string, string | number>
  defaultValue?: FormDefaults
  cancelHref?: string
}) {
  const [form, metas] = useAppForm(checks, { id, lastResult: useFormAnswer(id), defaultValue })
  const pending = useIsPending({ formData: { intent } })
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        {title}
      </h2>
      <Form method="post" {...form.props}>
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {(Object.entries(fields) as Array<[Name, string]>).map(([name, label]) => (
          <InputField key={name} meta={metas[name]} label={label} autoComplete="off" />
        ))}
        <SubmitRow label={submit} pending={pending}>
          {cancelHref ? <DialogCancel to={cancelHref} /> : null}
        </SubmitRow>
      </Form>
    </section>
  )
}

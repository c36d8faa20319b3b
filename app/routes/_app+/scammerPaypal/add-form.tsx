import { Form } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { SubmitRow } from '~/components/forms/button'
import { InputField } from '~/components/forms/fields'
import { useAppForm, type FormResult } from '~/components/forms/use-app-form'
import { useIsPending } from '~/components/forms/use-is-pending'
import { SCAMMER_CHECKS } from '~/validation/scammer.checks'

/** Managers and admins report an email (intent=add). */
export function ScammerAddForm({ lastResult }: { lastResult: FormResult }) {
  const pending = useIsPending({ formData: { intent: 'add' } })
  const [form, fields] = useAppForm(SCAMMER_CHECKS, { id: 'scammer-add', lastResult })
  // After a successful add (a redirect, so no answer for the form) the fields start empty again.
  const sent = useRef(false)
  useEffect(() => {
    if (pending) sent.current = true
    else if (sent.current) {
      sent.current = false
      if (!lastResult) form.reset()
    }
  }, [pending, lastResult, form])
  return (
    <section className="scammer-add" aria-labelledby="scammer-add-title">
      <h2 id="scammer-add-title" className="section-title">
        Add to the list
      </h2>
      <Form method="post" {...form.props} className="scammer-add__form">
        <input type="hidden" name="intent" value="add" />
        <InputField meta={fields.email} label="Email" type="email" autoComplete="off" />
        <InputField meta={fields.reason} label="Reason" />
        <SubmitRow label="Add" pending={pending} className="form-actions scammer-add__actions" />
      </Form>
    </section>
  )
}

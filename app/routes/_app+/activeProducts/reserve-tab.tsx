import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form, useLocation } from '@remix-run/react'
import { InputField } from '~/components/forms/fields'
import { RefusalNote } from '~/components/forms/refusal-note'
import { useAppForm } from '~/components/forms/use-app-form'
import { ReserveFormActions } from '~/components/reservations/reserve-form-actions'
import { ReserveSchema } from '~/validation/product'

type Props = { reserveMinutes: number; lastResult: SubmissionResult<string[]> | null | undefined }

/** ADD NEW RESERVATION: a fresh form each time the tab comes back (after an answer, or CANCEL). */
export function ReserveTab(props: Props) {
  const { key } = useLocation()
  return <ReserveByIdForm key={key} {...props} />
}

/** 'Enter Product ID', checked with the spec's messages (section 5) in the page and the server. */
function ReserveByIdForm({ reserveMinutes, lastResult }: Props) {
  const [form, fields] = useAppForm(ReserveSchema, { id: 'reserve', lastResult })
  return (
    <Form method="post" {...getFormProps(form)} className="reserve-form">
      <input type="hidden" name="intent" value="reserve" />
      <InputField
        meta={fields.pId}
        label="Enter Product ID"
        inputMode="numeric"
        autoComplete="off"
      />
      <RefusalNote />
      <ReserveFormActions minutes={reserveMinutes} cancelTo="?tab=reserve" />
    </Form>
  )
}

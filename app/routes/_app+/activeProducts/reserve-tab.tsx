import { Form, useLocation } from '@remix-run/react'
import { InputField } from '~/components/forms/fields'
import { RefusalNote } from '~/components/forms/refusal-note'
import { useAppForm, type FormResult } from '~/components/forms/use-app-form'
import { ReserveFormActions } from '~/components/reservations/reserve-form-actions'
import { RESERVE_CHECKS } from '~/validation/product-id.checks'

type Props = { reserveMinutes: number; lastResult: FormResult }

/** ADD NEW RESERVATION: a fresh form each time the tab comes back (after an answer, or CANCEL). */
export function ReserveTab(props: Props) {
  const { key } = useLocation()
  return <ReserveByIdForm key={key} {...props} />
}

/** 'Enter Product ID', checked with the spec's messages (section 5) in the page and the server. */
function ReserveByIdForm({ reserveMinutes, lastResult }: Props) {
  const [form, fields] = useAppForm(RESERVE_CHECKS, { id: 'reserve', lastResult })
  return (
    <Form method="post" {...form.props} className="reserve-form">
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

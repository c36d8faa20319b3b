import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { SubmitRow } from '~/components/forms/button'
import { InputField, PictureField, SelectInput, TextareaInput } from '~/components/forms/fields'
import { useAppForm } from '~/components/forms/use-app-form'
import { useIsPending } from '~/components/forms/use-is-pending'
import type { Option } from '~/components/list/list-filters'
import { NewOrderSchema } from '~/validation/order'

/**
 * Add (pm): the new-order form, field names as spec section 3. Opened from a reservation's
 * CREATE ORDER, the product ID is filled in. Pictures are chosen again after a refusal.
 */
export function AddTab({
  markets,
  pId,
  lastResult,
}: {
  markets: ReadonlyArray<Option>
  pId: string
  lastResult: SubmissionResult<string[]> | null | undefined
}) {
  const pending = useIsPending({ formData: { intent: 'create' } })
  const [form, fields] = useAppForm(NewOrderSchema, {
    id: 'new-order',
    lastResult,
    defaultValue: { pId },
  })
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid-2">
      <input type="hidden" name="intent" value="create" />
      <InputField meta={fields.orderNumber} label="Order Number" autoComplete="off" />
      <SelectInput
        meta={fields.market}
        label="Market"
        choices={markets}
        placeholder="Select a market"
      />
      <InputField meta={fields.pId} label="Product ID" inputMode="numeric" />
      <InputField
        meta={fields.paypal}
        label="Customer Email"
        inputMode="email"
        autoComplete="off"
      />
      <PictureField meta={fields.orderScreenshot} label="Order Picture" />
      <PictureField meta={fields.refundScreenshot} label="Refund Picture" />
      <InputField
        meta={fields.buyerContact}
        label="Buyer Contact"
        hint="WhatsApp number or Facebook profile"
      />
      <TextareaInput meta={fields.remark} label="Remark" />
      <SubmitRow label="Create Order" pending={pending} className="grid-2__full form-actions" />
    </Form>
  )
}

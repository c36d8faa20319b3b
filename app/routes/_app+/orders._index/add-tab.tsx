import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from '@conform-to/react'
import { Form } from '@remix-run/react'
import { StatusButton } from '~/components/forms/button'
import { Field, SelectField, TextareaField } from '~/components/forms/fields'
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
  const picture = (name: 'orderScreenshot' | 'refundScreenshot') => ({
    ...getInputProps(fields[name], { type: 'file' }),
    accept: 'image/*',
  })
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid-2">
      <input type="hidden" name="intent" value="create" />
      <Field
        label="Order Number"
        inputProps={{ ...getInputProps(fields.orderNumber, { type: 'text' }), autoComplete: 'off' }}
        errors={fields.orderNumber.errors}
      />
      <SelectField
        label="Market"
        selectProps={getSelectProps(fields.market)}
        options={markets.map((m) => ({ value: String(m.id), label: m.name }))}
        placeholder="Select a market"
        errors={fields.market.errors}
      />
      <Field
        label="Product ID"
        inputProps={{ ...getInputProps(fields.pId, { type: 'text' }), inputMode: 'numeric' }}
        errors={fields.pId.errors}
      />
      <Field
        label="Customer Email"
        inputProps={{
          ...getInputProps(fields.paypal, { type: 'text' }),
          inputMode: 'email',
          autoComplete: 'off',
        }}
        errors={fields.paypal.errors}
      />
      <Field
        label="Order Picture"
        inputProps={picture('orderScreenshot')}
        errors={fields.orderScreenshot.errors}
      />
      <Field
        label="Refund Picture"
        inputProps={picture('refundScreenshot')}
        errors={fields.refundScreenshot.errors}
      />
      <Field
        label="Buyer Contact"
        hint="WhatsApp number or Facebook profile"
        inputProps={getInputProps(fields.buyerContact, { type: 'text' })}
        errors={fields.buyerContact.errors}
      />
      <TextareaField
        label="Remark"
        textareaProps={getTextareaProps(fields.remark)}
        errors={fields.remark.errors}
      />
      <div className="grid-2__full form-actions">
        <StatusButton variant="primary" pending={pending}>
          Create Order
        </StatusButton>
      </div>
    </Form>
  )
}

import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import { StatusButton } from '~/components/forms/button'
import { ErrorList, Field, SelectField, TextareaField } from '~/components/forms/fields'
import { useAppForm } from '~/components/forms/use-app-form'
import { useIsPending } from '~/components/forms/use-is-pending'
import type { Option } from '~/components/list/list-filters'
import { OrderUpdateSchema } from '~/validation/order'

type Editable = {
  orderNumber: string
  pId: number
  customerEmail: string
  buyerContact: string
  market: { id: number }
  status: { id: string }
  remark: string
}

/** Edit mode: the order-update fields of spec section 3; the product is shown, never changed. */
export function EditForm({
  order,
  markets,
  statuses,
  cancelHref,
  lastResult,
}: {
  order: Editable
  markets: ReadonlyArray<Option>
  statuses: ReadonlyArray<Option>
  cancelHref: string
  lastResult: SubmissionResult<string[]> | null | undefined
}) {
  const pending = useIsPending({ formData: { intent: 'update' } })
  const [form, fields] = useAppForm(OrderUpdateSchema, {
    id: 'edit-order',
    lastResult,
    defaultValue: {
      orderNumber: order.orderNumber,
      customerEmail: order.customerEmail,
      facebookIdentity: order.buyerContact,
      market: String(order.market.id),
      status: order.status.id,
      remark: order.remark,
    },
  })
  return (
    <Form method="post" {...getFormProps(form)} className="grid-2">
      <input type="hidden" name="intent" value="update" />
      <Field
        label="Order Number"
        inputProps={getInputProps(fields.orderNumber, { type: 'text' })}
        errors={fields.orderNumber.errors}
      />
      <Field
        label="Product ID"
        hint="The product of an order never changes."
        inputProps={{ id: 'edit-product-id', value: order.pId, readOnly: true }}
      />
      <Field
        label="Customer Email"
        inputProps={{
          ...getInputProps(fields.customerEmail, { type: 'text' }),
          inputMode: 'email',
        }}
        errors={fields.customerEmail.errors}
      />
      <Field
        label="Buyer Contact"
        hint="WhatsApp number or Facebook profile"
        inputProps={getInputProps(fields.facebookIdentity, { type: 'text' })}
        errors={fields.facebookIdentity.errors}
      />
      <SelectField
        label="Market"
        selectProps={getSelectProps(fields.market)}
        options={markets.map((m) => ({ value: String(m.id), label: m.name }))}
        errors={fields.market.errors}
      />
      <SelectField
        label="Status"
        selectProps={getSelectProps(fields.status)}
        options={statuses.map((s) => ({ value: String(s.id), label: s.name }))}
        errors={fields.status.errors}
      />
      <TextareaField
        label="Remark"
        textareaProps={getTextareaProps(fields.remark)}
        errors={fields.remark.errors}
      />
      <div className="grid-2__full">
        <ErrorList id={form.errorId} errors={form.errors} />
      </div>
      <div className="grid-2__full form-actions">
        <StatusButton variant="primary" pending={pending}>
          Save
        </StatusButton>
        <Link to={cancelHref} className="btn">
          Cancel
        </Link>
      </div>
    </Form>
  )
}

import { Form } from '@remix-run/react'
import { SubmitRow } from '~/components/forms/button'
import { ErrorList, Field, InputField, SelectInput, TextareaInput } from '~/components/forms/fields'
import { useAppForm, type FormResult } from '~/components/forms/use-app-form'
import { useIsPending } from '~/components/forms/use-is-pending'
import type { Option } from '~/components/list/list-filters'
import { DialogCancel } from '~/components/ui/dialog'
import { ORDER_UPDATE_CHECKS } from '~/validation/order.checks'

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
  lastResult: FormResult
}) {
  const pending = useIsPending({ formData: { intent: 'update' } })
  const [form, fields] = useAppForm(ORDER_UPDATE_CHECKS, {
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
    <Form method="post" {...form.props} className="grid-2">
      <input type="hidden" name="intent" value="update" />
      <InputField meta={fields.orderNumber} label="Order Number" />
      <Field
        label="Product ID"
        hint="The product of an order never changes."
        inputProps={{ id: 'edit-product-id', value: order.pId, readOnly: true }}
      />
      <InputField meta={fields.customerEmail} label="Customer Email" inputMode="email" />
      <InputField
        meta={fields.facebookIdentity}
        label="Buyer Contact"
        hint="WhatsApp number or Facebook profile"
      />
      <SelectInput meta={fields.market} label="Market" choices={markets} />
      <SelectInput meta={fields.status} label="Status" choices={statuses} />
      <TextareaInput meta={fields.remark} label="Remark" />
      <div className="grid-2__full">
        <ErrorList id={form.errorId} errors={form.errors} />
      </div>
      <SubmitRow label="Save" pending={pending} className="grid-2__full form-actions">
        <DialogCancel to={cancelHref} />
      </SubmitRow>
    </Form>
  )
}

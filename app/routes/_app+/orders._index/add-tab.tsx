import { Form } from '@remix-run/react'
import { useEffect } from 'react'
import { SubmitRow } from '~/components/forms/button'
import { InputField, PictureField, SelectInput, TextareaInput } from '~/components/forms/fields'
import { clearFormDraft, restoreFormDraft } from '~/components/forms/form-draft'
import { UploadStatus, useUploadForm } from '~/components/forms/upload-form'
import { useAppForm, type FormResult } from '~/components/forms/use-app-form'
import { useIsPending } from '~/components/forms/use-is-pending'
import type { Option } from '~/components/list/list-filters'
import { NEW_ORDER_CHECKS } from '~/validation/order.checks'
import { LateReservations, type LateReservation } from '~/components/reservations/late-reservations'
import { NEW_ORDER_FORM_ID } from './new-order-form'

/**
 * Add (pm): the new-order form, field names as spec section 3. Opened from a reservation's
 * CREATE ORDER, the product ID and its market are filled in. Pictures are chosen again after a refusal; what was
 * typed is kept in the tab's sessionStorage until the order is created (the route's useFormDraft),
 * and the pictures upload with progress and a Retry (useUploadForm). Above it,
 * the reservations that expired less than 24 hours ago, each a link that fills in its product.
 */
export function AddTab({
  markets,
  pId,
  marketId,
  lateReservations,
  lastResult,
}: {
  markets: ReadonlyArray<Option>
  pId: string
  /** The market of that product. */
  marketId?: number
  lateReservations: ReadonlyArray<LateReservation>
  lastResult: FormResult
}) {
  const pending = useIsPending({ formData: { intent: 'create' } })
  const [form, fields] = useAppForm(NEW_ORDER_CHECKS, {
    id: NEW_ORDER_FORM_ID,
    lastResult,
    defaultValue: { pId, market: marketId },
  })
  const upload = useUploadForm({ onRedirect: () => clearFormDraft(form.id) })
  useEffect(() => restoreFormDraft(NEW_ORDER_FORM_ID), [])
  return (
    <>
      <LateReservations
        reservations={lateReservations}
        createOrderTo={(pId) => `?tab=add&pId=${pId}`}
      />
      <Form
        method="post"
        encType="multipart/form-data"
        {...form.props}
        onSubmit={upload.onSubmit(form.props.onSubmit)}
        className="grid-2"
      >
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
        <UploadStatus upload={upload} />
        <SubmitRow
          label="Create Order"
          pending={pending || upload.busy}
          className="grid-2__full form-actions"
        />
      </Form>
    </>
  )
}

import { Form } from '@remix-run/react'
import { SubmitRow } from '~/components/forms/button'
import { InputField, PictureField, SelectInput, TextareaInput } from '~/components/forms/fields'
import { UploadStatus, useUploadForm } from '~/components/forms/upload-form'
import { useAppForm, type FormDefaults, type FormResult } from '~/components/forms/use-app-form'
import { useIsPending } from '~/components/forms/use-is-pending'
import type { Lookups } from '~/components/products/product-filters'
import { PRODUCT_CHECKS } from '~/validation/product.checks'

/**
 * The product form (ADD on the Products screen; an edit screen can reuse it with the product's
 * values). Its server half is product-editor.server.ts. Pictures are chosen again after a refusal.
 */
export function ProductEditor({
  intent,
  submitLabel,
  lookups,
  defaultValue,
  lastResult,
}: {
  intent: string
  submitLabel: string
  lookups: Lookups
  defaultValue: FormDefaults
  lastResult: FormResult
}) {
  const pending = useIsPending({ formData: { intent } })
  const [form, fields] = useAppForm(PRODUCT_CHECKS, {
    id: 'product-editor',
    lastResult,
    defaultValue,
  })
  const upload = useUploadForm()
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...form.props}
      onSubmit={upload.onSubmit(form.props.onSubmit)}
      className="grid-2"
    >
      <input type="hidden" name="intent" value={intent} />
      <InputField meta={fields.keywords} label="Keywords" />
      <InputField meta={fields.brandName} label="Brand Name" />
      <InputField meta={fields.soldBy} label="Sold By" />
      <SelectInput
        meta={fields.market}
        label="Market"
        choices={lookups.markets}
        placeholder="Select a market"
      />
      <SelectInput
        meta={fields.chineseSeller}
        label="Chinese Seller"
        choices={lookups.sellers}
        placeholder="Select a Chinese seller"
      />
      <SelectInput
        meta={fields.categoryId}
        label="Category"
        choices={lookups.categories}
        placeholder="Select a category"
      />
      <InputField meta={fields.commission} label="Commission" inputMode="decimal" />
      <InputField meta={fields.websiteCommission} label="Website Commission" inputMode="decimal" />
      <InputField meta={fields.limitPerDay} label="Daily Sale Limit" inputMode="numeric" />
      <InputField meta={fields.limit} label="Overall Sale Limit" inputMode="numeric" />
      <InputField
        meta={fields.marketing}
        label="End Marketing Date"
        type="date"
        hint="Optional: without one the product never ends."
      />
      <div className="grid-2__full">
        <TextareaInput meta={fields.instruction} label="Instruction" />
      </div>
      <TextareaInput meta={fields.refundPolicy} label="Refund Policy" />
      <TextareaInput meta={fields.commissionPolicy} label="Commission Policy" />
      <PictureField meta={fields.image} label="Product Picture" />
      <PictureField meta={fields.screenShot} label="Marketplace Picture" />
      <UploadStatus upload={upload} />
      <SubmitRow
        label={submitLabel}
        pending={pending || upload.busy}
        className="grid-2__full form-actions"
      />
    </Form>
  )
}

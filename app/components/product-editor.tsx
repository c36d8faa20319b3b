import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type DefaultValue,
  type SubmissionResult,
} from '@conform-to/react'
import { Form } from '@remix-run/react'
import type { z } from 'zod'
import { StatusButton } from '~/components/forms/button'
import { Field, SelectField, TextareaField } from '~/components/forms/fields'
import { useAppForm } from '~/components/forms/use-app-form'
import { useIsPending } from '~/components/forms/use-is-pending'
import type { Option } from '~/components/list/list-filters'
import type { Lookups } from '~/components/products/product-filters'
import { ProductSchema } from '~/validation/product'

const choices = (list: ReadonlyArray<Option>) =>
  list.map((o) => ({ value: String(o.id), label: o.name }))

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
  defaultValue: DefaultValue<z.input<typeof ProductSchema>>
  lastResult: SubmissionResult<string[]> | null | undefined
}) {
  const pending = useIsPending({ formData: { intent } })
  const [form, fields] = useAppForm(ProductSchema, {
    id: 'product-editor',
    lastResult,
    defaultValue,
  })
  const text = (name: 'keywords' | 'brandName' | 'soldBy') =>
    getInputProps(fields[name], { type: 'text' })
  const typed = (
    name: 'commission' | 'websiteCommission' | 'limitPerDay' | 'limit',
    inputMode: 'decimal' | 'numeric',
  ) => ({ ...getInputProps(fields[name], { type: 'text' }), inputMode })
  const picture = (name: 'image' | 'screenShot') => ({
    ...getInputProps(fields[name], { type: 'file' }),
    accept: 'image/*',
  })
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid-2">
      <input type="hidden" name="intent" value={intent} />
      <Field label="Keywords" inputProps={text('keywords')} errors={fields.keywords.errors} />
      <Field label="Brand Name" inputProps={text('brandName')} errors={fields.brandName.errors} />
      <Field label="Sold By" inputProps={text('soldBy')} errors={fields.soldBy.errors} />
      <SelectField
        label="Market"
        selectProps={getSelectProps(fields.market)}
        options={choices(lookups.markets)}
        placeholder="Select a market"
        errors={fields.market.errors}
      />
      <SelectField
        label="Chinese Seller"
        selectProps={getSelectProps(fields.chineseSeller)}
        options={choices(lookups.sellers)}
        placeholder="Select a Chinese seller"
        errors={fields.chineseSeller.errors}
      />
      <SelectField
        label="Category"
        selectProps={getSelectProps(fields.categoryId)}
        options={choices(lookups.categories)}
        placeholder="Select a category"
        errors={fields.categoryId.errors}
      />
      <Field
        label="Commission"
        inputProps={typed('commission', 'decimal')}
        errors={fields.commission.errors}
      />
      <Field
        label="Website Commission"
        inputProps={typed('websiteCommission', 'decimal')}
        errors={fields.websiteCommission.errors}
      />
      <Field
        label="Daily Sale Limit"
        inputProps={typed('limitPerDay', 'numeric')}
        errors={fields.limitPerDay.errors}
      />
      <Field
        label="Overall Sale Limit"
        inputProps={typed('limit', 'numeric')}
        errors={fields.limit.errors}
      />
      <Field
        label="End Marketing Date"
        inputProps={getInputProps(fields.marketing, { type: 'date' })}
        hint="Optional: without one the product never ends."
        errors={fields.marketing.errors}
      />
      <div className="grid-2__full">
        <TextareaField
          label="Instruction"
          textareaProps={getTextareaProps(fields.instruction)}
          errors={fields.instruction.errors}
        />
      </div>
      <TextareaField
        label="Refund Policy"
        textareaProps={getTextareaProps(fields.refundPolicy)}
        errors={fields.refundPolicy.errors}
      />
      <TextareaField
        label="Commission Policy"
        textareaProps={getTextareaProps(fields.commissionPolicy)}
        errors={fields.commissionPolicy.errors}
      />
      <Field label="Product Picture" inputProps={picture('image')} errors={fields.image.errors} />
      <Field
        label="Marketplace Picture"
        inputProps={picture('screenShot')}
        errors={fields.screenShot.errors}
      />
      <div className="grid-2__full form-actions">
        <StatusButton variant="primary" pending={pending}>
          {submitLabel}
        </StatusButton>
      </div>
    </Form>
  )
}

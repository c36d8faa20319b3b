import type { DefaultValue, SubmissionResult } from '@conform-to/react'
import { ProductEditor } from '~/components/product-editor'
import type { Lookups } from '~/components/products/product-filters'

/** ADD (pmm): the product form, starting with the spec's default texts. */
export function AddTab({
  lookups,
  defaults,
  lastResult,
}: {
  lookups: Lookups
  defaults: DefaultValue<{ instruction: string; refundPolicy: string; commissionPolicy: string }>
  lastResult: SubmissionResult<string[]> | null | undefined
}) {
  return (
    <ProductEditor
      intent="add"
      submitLabel="Add Product"
      lookups={lookups}
      defaultValue={defaults}
      lastResult={lastResult}
    />
  )
}

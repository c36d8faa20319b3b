import { ProductEditor } from '~/components/product-editor'
import type { Lookups } from '~/components/products/product-filters'
import type { FormDefaults, FormResult } from '~/components/forms/use-app-form'

/** ADD (pmm): the product form, starting with the spec's default texts. */
export function AddTab({
  lookups,
  defaults,
  lastResult,
}: {
  lookups: Lookups
  defaults: FormDefaults
  lastResult: FormResult
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

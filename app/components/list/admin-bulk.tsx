import { Form, useLocation } from '@remix-run/react'

/*
 * An admin list's bulk Enable / Disable (issue 30): a checkbox per row (`BulkBox`, row-actions.tsx:
 * it belongs to the form below the table through `form=`) and the form's two buttons. It posts to /all/bulk, which comes
 * back to the list with the answer as a toast, with JavaScript or without.
 */

export function AdminBulkForm({
  id,
  kind,
  noun,
}: {
  id: string
  kind: 'product' | 'user'
  noun: string
}) {
  const location = useLocation()
  return (
    <Form
      id={id}
      method="post"
      action="/all/bulk"
      className="bulk-bar"
      aria-label={`Enable or disable the selected ${noun}`}
    >
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="back" value={location.pathname + location.search} />
      <button type="submit" name="intent" value="enable" className="btn">
        Enable selected
      </button>
      <button type="submit" name="intent" value="disable" className="btn btn--danger">
        Disable selected
      </button>
    </Form>
  )
}

import { Form } from '@remix-run/react'
import { SubmitRow } from '~/components/forms/button'
import { ErrorList, SelectInput } from '~/components/forms/fields'
import { useAppForm, type FormResult } from '~/components/forms/use-app-form'
import { useIsPending } from '~/components/forms/use-is-pending'
import { Dialog, DialogCancel } from '~/components/ui/dialog'
import { STATUS_CHANGE_CHECKS } from '~/validation/order.checks'

type Status = { id: string; name: string }

/** Change Status: the user's own choices (spec section 6); a panel without JavaScript. */
export function StatusDialog({
  current,
  statuses,
  cancelHref,
  lastResult,
  onClose,
}: {
  current: Status
  statuses: ReadonlyArray<Status>
  cancelHref: string
  lastResult: FormResult
  onClose: () => void
}) {
  const pending = useIsPending({ formData: { intent: 'status' } })
  const [form, fields] = useAppForm(STATUS_CHANGE_CHECKS, {
    id: 'change-status-form',
    lastResult,
    defaultValue: { status: statuses.some((s) => s.id === current.id) ? current.id : '' },
  })
  return (
    <Dialog title="Change Status" onClose={onClose}>
      <p>Current status: {current.name}</p>
      <Form method="post" preventScrollReset {...form.props}>
        <input type="hidden" name="intent" value="status" />
        <SelectInput
          meta={fields.status}
          label="Status"
          choices={statuses}
          placeholder="Choose a status"
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitRow label="Save" pending={pending}>
          <DialogCancel to={cancelHref} />
        </SubmitRow>
      </Form>
    </Dialog>
  )
}

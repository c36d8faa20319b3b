import { Form } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { SubmitRow } from '~/components/forms/button'
import { InputField, PictureField, SelectInput, TextareaInput } from '~/components/forms/fields'
import type { FormDraft } from '~/components/forms/form-draft'
import { hasPicture, UploadStatus, useUploadForm } from '~/components/forms/upload-form'
import { useAppForm, type FormResult } from '~/components/forms/use-app-form'
import { useIsPending } from '~/components/forms/use-is-pending'
import type { Option } from '~/components/list/list-filters'
import type { OutboxItem } from '~/components/outbox/outbox.client'
import { prefetchOutbox } from '~/components/outbox/outbox-gate'
import { NEW_ORDER_CHECKS } from '~/validation/order.checks'
import { LateReservations, type LateReservation } from '~/components/reservations/late-reservations'

type Props = {
  markets: ReadonlyArray<Option>
  pId: string
  /** The market of that product. */
  marketId?: number
  lateReservations: ReadonlyArray<LateReservation>
  lastResult: FormResult
  /** The form post's Idempotency-Key (a hidden field): a second press makes no second order. */
  idempotencyKey: string
  /** Whose outbox keeps an order the network could not take (issue 31). */
  outboxOwner: number
  /** A refused order taken back from the outbox (the route's list), to be corrected here. */
  back?: OutboxItem
  /** The form's id and its draft (the route's `useFormDraft`). */
  draft: FormDraft
}

/**
 * Add (pm): the new-order form, field names as spec section 3. Opened from a reservation's
 * CREATE ORDER, the product ID and its market are filled in. Pictures are chosen again after a refusal; what was
 * typed is kept in the tab's sessionStorage until the order is created (the route's useFormDraft),
 * and the pictures upload with progress and a Retry (useUploadForm). Above it,
 * the reservations that expired less than 24 hours ago, each a link that fills in its product.
 *
 * With JavaScript, an order the network could not take goes to the outbox (kept on this device,
 * sent when the network is back; its list is above the form) and the form is empty again for
 * the next one; a refused one can be taken back into the form to be corrected.
 */
export function AddTab(props: Props) {
  // A new form after an order went to the outbox (or one came back from it to be corrected).
  const [round, setRound] = useState<{ n: number; key?: string; note?: string }>(() =>
    props.back ? { n: 1, key: crypto.randomUUID() } : { n: 0 },
  )
  return (
    <>
      <LateReservations
        reservations={props.lateReservations}
        createOrderTo={(pId) => `?tab=add&pId=${pId}`}
      />
      <p role="status" className={round.note ? 'outbox-note' : 'sr-only'}>
        {round.note}
      </p>
      <NewOrderForm
        key={round.n}
        {...props}
        // The server's key for the page as served; a new one for each form after it.
        idempotencyKey={round.key ?? props.idempotencyKey}
        back={round.n === 1 ? props.back : undefined}
        lastResult={round.n === 0 ? props.lastResult : undefined}
        onKept={(note) => setRound((r) => ({ n: r.n + 1, key: crypto.randomUUID(), note }))}
      />
    </>
  )
}

function NewOrderForm({
  markets,
  pId,
  marketId,
  lastResult,
  idempotencyKey,
  outboxOwner,
  back,
  draft,
  onKept,
}: Props & { onKept: (note: string) => void }) {
  const pending = useIsPending({ formData: { intent: 'create' } })
  const backValues = back ? valuesOf(back) : undefined
  const [form, fields] = useAppForm(NEW_ORDER_CHECKS, {
    id: draft.formId,
    lastResult,
    defaultValue: backValues ?? { pId, market: marketId },
  })
  const upload = useUploadForm({
    onRedirect: draft.clear,
    keepOffline: async (formData) => {
      const outbox = await import('~/components/outbox/outbox.client')
      const kept = await outbox.keepOrder(outboxOwner, formData)
      if (!kept.kept) return kept
      draft.clear()
      onKept(outbox.OUTBOX_MESSAGES.kept)
      return { kept: true, message: outbox.OUTBOX_MESSAGES.kept }
    },
  })
  // A picture chosen in the server's form, before this code came, was a change no handler saw:
  // the outbox's code comes now, in case the network is gone at Create.
  useEffect(() => {
    const form = document.getElementById(draft.formId)
    if (form instanceof HTMLFormElement && hasPicture(form)) prefetchOutbox()
  }, [draft.formId])
  useEffect(() => {
    if (!back) {
      draft.restore()
      return
    }
    // A refused order's pictures go back into their inputs, as if chosen again.
    for (const [name, value] of back.entries) {
      if (!(value instanceof File) || value.size === 0) continue
      const input = document.querySelector<HTMLInputElement>(
        `#${draft.formId} input[name="${name}"]`,
      )
      if (!input) continue
      const files = new DataTransfer()
      files.items.add(value)
      input.files = files.files
      input.dispatchEvent(new Event('change', { bubbles: true }))
    }
  }, [back, draft])
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...form.props}
      onSubmit={upload.onSubmit(form.props.onSubmit)}
      // A picture about to be chosen: the outbox's code comes too, in case the network is gone
      // at Create.
      onFocus={(event) => {
        if (event.target instanceof HTMLInputElement && event.target.type === 'file') {
          prefetchOutbox()
        }
      }}
      onChange={(event) => {
        if (event.target instanceof HTMLInputElement && event.target.type === 'file') {
          prefetchOutbox()
        }
      }}
      className="grid-2"
    >
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
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
  )
}

/** A kept order's typed values, to fill the form in again. */
function valuesOf(item: OutboxItem) {
  const values: Record<string, string> = {}
  for (const [name, value] of item.entries) if (typeof value === 'string') values[name] = value
  return values
}

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ScreenPanel } from '~/components/layout'
import { BULK_REPLY_FIELD } from '~/components/orders/bulk-fields'
import { fieldErrorsOf, type Result } from '~/core/result'
import { offThread } from '~/models/bulk-thread.server'
import { bulkChange } from '~/models/order-bulk.server'
import { can } from '~/models/permissions'
import { BulkStatusForm, BulkUndoForm } from '~/schemas/bulk-status'
import { OrderListQuery, positiveInt, readQueryLenient } from '~/schemas/list-queries'
import { requireUser } from '~/utils/auth.server'
import { STATUS_BY_CODE } from '~/utils/http-errors'
import { intentOf, unknownIntent } from '~/utils/intent.server'
import { backFrom, withBack } from '~/utils/misc'
import { redirectWithToast } from '~/utils/toast.server'
import { readFormOrRefuse } from '~/utils/upload.server'

/*
 * A bulk status change (issue 30), posted by the orders lists' selection form. With JavaScript the
 * list sends it in place and shows the answer in a toast with Undo; without, this action answers
 * with the confirmation page (/orders/bulk?done=<id>), which has the Undo button and the way back.
 */

export const meta: MetaFunction = () => [{ title: 'Bulk status change' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { allow: can.changeOrdersInBulk, otherwise: 'not-found' })
  const params = new URL(request.url).searchParams
  const id = positiveInt.safeParse(params.get('done') ?? '')
  if (!id.success) throw new Response('Not found', { status: 404 })
  const change = bulkChange(user, id.data)
  if (!change.ok) throw new Response(change.message, { status: 404 })
  return {
    change: { ...change, undoable: !change.undone && change.undoUntil.getTime() > Date.now() },
    back: backFrom(params, '/orders'),
  }
}

type Answer = { ok: boolean; message: string; batchId?: number | null; undoUntil?: number | null }

/** With JavaScript the answer is data (a toast in the list); without, a page or a redirect. */
function replyOf(form: FormData) {
  return form.get(BULK_REPLY_FIELD) === 'json'
}

export async function action(args: ActionFunctionArgs) {
  const user = await requireUser(args.request, {
    allow: can.changeOrdersInBulk,
    otherwise: 'not-found',
  })
  const read = await readFormOrRefuse(args)
  if ('refused' in read) return read.refused
  const { form } = read
  const back = backFrom(new URLSearchParams({ back: String(form.get('back') ?? '') }), '/orders')
  const json = replyOf(form)
  const refuse = async (result: Extract<Result, { ok: false }>) =>
    json
      ? data<Answer>(
          { ok: false, message: Object.values(fieldErrorsOf(result)).flat()[0] ?? result.message },
          { status: STATUS_BY_CODE[result.code] },
        )
      : redirectWithToast(back, { type: 'error', message: result.message })
  switch (intentOf(form)) {
    case 'set': {
      const parsed = BulkStatusForm.safeParse({
        status: form.get('status') ?? undefined,
        order: form.getAll('order'),
        all: form.get('all') ?? undefined,
        filters: form.get('filters') ?? undefined,
        list: form.get('list') ?? undefined,
        seenAt: form.get('seenAt') ?? undefined,
      })
      if (!parsed.success) {
        return refuse({ ok: false, code: 'invalid', message: parsed.error.issues[0]!.message })
      }
      const input = parsed.data
      const filters = readQueryLenient(OrderListQuery, new URLSearchParams(input.filters))
      const result = await offThread('bulkChangeOrderStatus', user, {
        target: input.all
          ? {
              filters: { ...filters, page: undefined, completed: input.list === 'order-completed' },
            }
          : { ids: input.order },
        statusId: input.status,
        seenAt: input.seenAt ? new Date(input.seenAt) : undefined,
      })
      if (!result.ok) return refuse(result)
      if (json) {
        return {
          ok: true,
          message: result.message,
          batchId: result.batchId,
          undoUntil: result.undoUntil?.getTime() ?? null,
        } satisfies Answer
      }
      if (result.batchId === null) {
        return redirectWithToast(back, { type: 'error', message: result.message })
      }
      return redirect(withBack('/orders/bulk', back, { done: String(result.batchId) }))
    }
    case 'undo': {
      const parsed = BulkUndoForm.safeParse({ batch: form.get('batch') ?? '' })
      if (!parsed.success)
        return refuse({ ok: false, code: 'invalid', message: 'No such bulk change.' })
      const result = await offThread('undoBulkStatus', user, parsed.data.batch)
      if (!result.ok) return refuse(result)
      if (json) return { ok: true, message: result.message } satisfies Answer
      return redirectWithToast(back, { type: 'success', message: result.message })
    }
    default:
      throw unknownIntent()
  }
}

/** The confirmation page (without JavaScript): what was done, its Undo, and the way back. */
export default function BulkStatusChange() {
  const { change, back } = useLoaderData<typeof loader>()
  return (
    <ScreenPanel title="Bulk status change" tab="STATUS CHANGED">
      <div className="bulk-done">
        <p role="status">{change.message}</p>
        {change.undoable ? (
          <Form method="post" action="/orders/bulk">
            <input type="hidden" name="intent" value="undo" />
            <input type="hidden" name="batch" value={change.id} />
            <input type="hidden" name="back" value={back} />
            <p className="hint">
              Undo restores the previous statuses for 10 seconds after the change.
            </p>
            <button type="submit" className="btn">
              Undo
            </button>
          </Form>
        ) : null}
        <p>
          <Link to={back}>Back to the list</Link>
        </p>
      </div>
    </ScreenPanel>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

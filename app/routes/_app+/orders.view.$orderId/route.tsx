import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { orderRowId } from '~/utils/row-ids'
import { Link, useActionData, useLoaderData, useLocation, useNavigate } from '@remix-run/react'
import { clientLazy } from '~/components/client-lazy'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { useFormAnswer } from '~/components/forms/form-answer'
import { PageTabs } from '~/components/layout'
import { positiveInt } from '~/schemas/list-queries'
import { requireUser } from '~/utils/auth.server'
import { intentOf, unknownIntent } from '~/utils/intent.server'
import { withBack } from '~/utils/misc'
import { readFormOrRefuse } from '~/utils/upload.server'
import { OrderFacts } from './order-facts'
import {
  changeStatusAction,
  orderPageData,
  updateOrderAction,
  uploadPictureAction,
} from './order-page.server'
import { PicturePanels } from './picture-panels'
import { StatusHistory } from './status-history'
// This page's own styles, out of app.css: the other pages do not load them.
import './picture-panels.css'

// Edit mode and the status dialog bring the form code: the browser loads it when opened.
const EditForm = clientLazy(() => import('./edit-form').then((m) => m.EditForm))
const StatusDialog = clientLazy(() => import('./status-dialog').then((m) => m.StatusDialog))

/*
 * The order detail (/orders/view/:orderId): the three pictures with their uploads, the facts or
 * the edit form (?mode=edit), the Change Status dialog (?dialog=status) and the status history.
 * Every link and form keeps `?back=`, the list it was opened from, which its Back and every saved
 * change return to. Edit and Change Status link to their form's fragment (#edit-order,
 * #status-form), so the opened form is in view and next on Tab without JavaScript too; with it
 * the focus moves into the form.
 */

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Order ${data.order.orderNumber}` : 'Order' },
]

function orderIdOf(params: { orderId?: string }) {
  const id = positiveInt.safeParse(params.orderId ?? '')
  if (!id.success) throw new Response('Not found', { status: 404 })
  return id.data
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return orderPageData(user, orderIdOf(params), new URL(request.url).searchParams)
}

export async function action(args: ActionFunctionArgs) {
  const user = await requireUser(args.request)
  const orderId = orderIdOf(args.params)
  const read = await readFormOrRefuse(args)
  if ('refused' in read) return read.refused
  const { form } = read
  switch (intentOf(form)) {
    case 'upload':
      return uploadPictureAction(args, user, orderId, form)
    case 'update':
      return updateOrderAction(args, user, orderId, form)
    case 'status':
      return changeStatusAction(args, user, orderId, form)
    default:
      throw unknownIntent()
  }
}

export default function OrderDetail() {
  const data = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const editAnswer = useFormAnswer('update')
  const statusAnswer = useFormAnswer('status')
  const location = useLocation()
  const navigate = useNavigate()
  const { order, back } = data
  const here = withBack(location.pathname, back)
  return (
    <section className="panel">
      <PageTabs tabs={[{ label: 'ORDER DETAIL', active: true }]} />
      <header className="detail__header">
        <h1 className="detail__title">Order {order.orderNumber}</h1>
        <div className="form-actions">
          {/* Back to the list at the order's row (in view, its View link focused). */}
          <Link to={`${back}#${orderRowId(order.id)}`} className="btn">
            Back
          </Link>
          {data.canEdit && data.mode === 'view' ? (
            <Link to={`${withBack('', back, { mode: 'edit' })}#edit-order`} className="btn">
              Edit
            </Link>
          ) : null}
          {data.statuses.length > 0 ? (
            <Link
              to={`${withBack('', back, { dialog: 'status' })}#status-form`}
              preventScrollReset
              className="btn"
              id="change-status"
            >
              Change Status
            </Link>
          ) : null}
        </div>
      </header>
      {data.dialog === 'status' ? (
        // First after the header: without JavaScript it is a panel, and so in view.
        <div id="status-form">
          <StatusDialog
            current={order.status}
            statuses={data.statuses}
            cancelHref={here}
            lastResult={statusAnswer}
            onClose={() => {
              navigate(here, { replace: true, preventScrollReset: true })
              requestAnimationFrame(() => document.getElementById('change-status')?.focus())
            }}
          />
        </div>
      ) : null}
      <PicturePanels
        pictures={order.pictures}
        uploads={data.uploads}
        orderNumber={order.orderNumber}
        refused={answer && 'upload' in answer ? answer.upload : null}
      />
      {data.mode === 'edit' ? (
        <EditForm
          order={order}
          markets={data.markets}
          statuses={data.editStatuses}
          cancelHref={here}
          lastResult={editAnswer}
        />
      ) : (
        <OrderFacts order={order} />
      )}
      <StatusHistory rows={data.history} />
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useState } from 'react'
import { clientLazy } from '~/components/client-lazy'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { useFormAnswer } from '~/components/forms/form-answer'
import { useFormDraft } from '~/components/forms/form-draft'
import type { OutboxItem } from '~/components/outbox/outbox.client'
import { OutboxSlot } from '~/components/outbox/outbox-gate'
import { PageTabs, pickTab } from '~/components/layout'
import { can, orderTabsFor } from '~/models/permissions'
import type { User } from '~/models/user.server'
import { requireUser } from '~/utils/auth.server'
import { restoreListPlace } from '~/utils/list-place.server'
import { OrderListQuery } from '~/schemas/list-queries'
import { intentOf, unknownIntent } from '~/utils/intent.server'
import { readFormOrRefuse } from '~/utils/upload.server'
import { addTabData, createOrderAction } from './add-tab.server'
import { orderListData } from '~/components/orders/order-rows.server'
import { NEW_ORDER_FORM_ID } from './new-order-form'
import { OrdersTab } from './orders-tab'

// The new-order form brings the form code: the browser loads it only when it is shown.
const AddTab = clientLazy(() => import('./add-tab').then((m) => m.AddTab))

/*
 * The Orders screen (/orders). A pm has the tabs Add (?tab=add) and ORDERS and starts on ORDERS;
 * a pmm and an admin have the list only. Each tab is its own module.
 */

export const meta: MetaFunction = () => [{ title: 'Orders' }]

type Tab = ReturnType<typeof orderTabsFor>[number]
const TAB_LABELS: Record<Tab, string> = { add: 'Add', orders: 'ORDERS' }

function tabData(tab: Tab, user: User, params: URLSearchParams) {
  switch (tab) {
    case 'add':
      return { tab, ...addTabData(user, params) }
    case 'orders':
      return { tab, ...orderListData(user, params) }
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const params = new URL(request.url).searchParams
  const { tab, tabs } = pickTab(params, orderTabsFor(user.role), TAB_LABELS, 'orders')
  if (tab === 'orders') await restoreListPlace(request, user, Object.keys(OrderListQuery.shape))
  return { tabs, ...tabData(tab, user, params) }
}

export async function action(args: ActionFunctionArgs) {
  const user = await requireUser(args.request, { allow: can.createOrder, otherwise: 'not-found' })
  const read = await readFormOrRefuse(args)
  if ('refused' in read) return read.refused
  const { form } = read
  switch (intentOf(form)) {
    case 'create':
      return createOrderAction(args, user, form)
    default:
      throw unknownIntent()
  }
}

export default function Orders() {
  const data = useLoaderData<typeof loader>()
  const lastResult = useFormAnswer()
  const tabbed = data.tabs.length > 1
  // What was typed in the new-order form comes back after a reload, before its code is in.
  const draft = useFormDraft(NEW_ORDER_FORM_ID, data.tab === 'add' ? data.pId : null)
  // A refused order taken back from the outbox: the form opens anew with it.
  const [back, setBack] = useState<OutboxItem | undefined>()
  return (
    <section className="panel">
      <h1 className="sr-only">Orders</h1>
      <PageTabs
        tabs={data.tabs.map((t) => ({
          label: t.label,
          to: tabbed ? `?tab=${t.id}` : undefined,
          active: t.id === data.tab,
        }))}
      />
      {/* The outbox's list (issue 31), once its code is in. */}
      <OutboxSlot owner={data.tab === 'add' ? data.outboxOwner : null} onEdit={setBack} />
      {/* Keyed by the product (a late reservation's link fills the form in anew) and by an order
          taken back from the outbox. */}
      {data.tab === 'add' ? (
        <AddTab
          key={`${data.pId}:${back?.id ?? ''}`}
          {...data}
          back={back}
          lastResult={lastResult}
          draft={draft}
        />
      ) : null}
      {data.tab === 'orders' ? (
        <OrdersTab {...data} keep={tabbed ? { tab: 'orders' } : {}} />
      ) : null}
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

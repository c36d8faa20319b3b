import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { clientLazy } from '~/components/client-lazy'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { useFormAnswer } from '~/components/forms/form-answer'
import { PageTabs, pickTab } from '~/components/layout'
import { productTabsFor } from '~/models/permissions'
import type { User } from '~/models/user.server'
import { requireUser } from '~/utils/auth.server'
import { restoreListPlace } from '~/utils/list-place.server'
import { ProductListQuery } from '~/schemas/list-queries'
import { intentOf, unknownIntent } from '~/utils/intent.server'
import {
  backToProductRow,
  backToRow,
  releaseAndRedirect,
  setStatusAndRedirect,
} from '~/utils/product-actions.server'
import { RESERVED_LIST_ID } from '~/utils/row-ids'
import { readFormOrRefuse } from '~/utils/upload.server'
import { addProduct, addTabData } from './add-tab.server'
import { productsTabData, reserveRow } from './products-tab.server'
import { ProductsTab } from './products-tab'
import { reserveById, reserveTabData } from './reserve-tab.server'
import { reservedTabData } from './reserved-tab.server'
import { ReservedTab } from './reserved-tab'

// The two form tabs bring the form code: the browser loads it only when one is shown. The two list
// tabs load their table's code the same way (products-tab.tsx, reserved-tab.tsx).
const AddTab = clientLazy(() => import('./add-tab').then((m) => m.AddTab))
const ReserveTab = clientLazy(() => import('./reserve-tab').then((m) => m.ReserveTab))

/*
 * The Products screen (/activeProducts). Its tabs are addressed as ?tab=add|products|reserve|
 * reserved; each tab is its own module (data, intents, component) and this route only picks one.
 */

export const meta: MetaFunction = () => [{ title: 'Active Products' }]

type Tab = ReturnType<typeof productTabsFor>[number]
const TAB_LABELS: Record<Tab, string> = {
  add: 'ADD',
  products: 'PRODUCTS',
  reserve: 'ADD NEW RESERVATION',
  reserved: 'RESERVED',
}

function tabData(tab: Tab, user: User, params: URLSearchParams) {
  switch (tab) {
    case 'add':
      return { tab, ...addTabData() }
    case 'products':
      return { tab, ...productsTabData(user, params) }
    case 'reserve':
      return { tab, ...reserveTabData() }
    case 'reserved':
      return { tab, ...reservedTabData(user, params) }
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const params = new URL(request.url).searchParams
  // PRODUCTS is the default, and what a tab the user does not have shows.
  const { tab, tabs } = pickTab(params, productTabsFor(user.role), TAB_LABELS, 'products')
  if (tab === 'products') await restoreListPlace(request, user, Object.keys(ProductListQuery.shape))
  return { tabs, ...tabData(tab, user, params) }
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args
  const user = await requireUser(request)
  const read = await readFormOrRefuse(args)
  if ('refused' in read) return read.refused
  const { form } = read
  switch (intentOf(form)) {
    case 'add':
      return addProduct(user, form)
    case 'setStatus':
      return setStatusAndRedirect(user, form, backToProductRow(request, form.get('pId')))
    case 'reserveRow':
      return reserveRow(user, form, request)
    case 'reserve':
      return reserveById(user, form)
    case 'release':
      return releaseAndRedirect(user, form, backToRow(request, RESERVED_LIST_ID))
    default:
      throw unknownIntent()
  }
}

export default function ActiveProducts() {
  const data = useLoaderData<typeof loader>()
  const lastResult = useFormAnswer()
  return (
    <section className="panel">
      <h1 className="sr-only">Active Products</h1>
      <PageTabs
        tabs={data.tabs.map((t) => ({
          label: t.label,
          to: `?tab=${t.id}`,
          active: t.id === data.tab,
        }))}
      />
      {data.tab === 'add' ? <AddTab {...data} lastResult={lastResult} /> : null}
      {data.tab === 'products' ? <ProductsTab {...data} /> : null}
      {data.tab === 'reserve' ? <ReserveTab {...data} lastResult={lastResult} /> : null}
      {data.tab === 'reserved' ? <ReservedTab {...data} /> : null}
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

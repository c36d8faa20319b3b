import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { clientLazy } from '~/components/client-lazy'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { useFormAnswer } from '~/components/forms/form-answer'
import { ScreenPanel } from '~/components/layout'
import { ListFilters, type FilterDef } from '~/components/list/list-filters'
import { Pagination } from '~/components/list/pagination'
import { useUrlStep } from '~/components/list/url-step'
import { ConfirmDialog } from '~/components/ui/confirm-dialog'
import { can } from '~/models/permissions'
import { ScammerListQuery } from '~/schemas/list-queries'
import { requireUser } from '~/utils/auth.server'
import { restoreListPlace } from '~/utils/list-place.server'
import { intentOf, unknownIntent } from '~/utils/intent.server'
import { readForm } from '~/utils/upload.server'
import { SCAMMER_STEPS, ScammerTable } from './scammer-table'
import { addEntry, removeEntry, scammerPageData } from './scammers.server'
// This page's own styles, out of app.css: the other pages do not load them.
import './scammer.css'

// The add form (managers and admins) brings the form code: loaded only where shown.
const ScammerAddForm = clientLazy(() => import('./add-form').then((m) => m.ScammerAddForm))

/*
 * The Scammer PayPal list (/scammerPaypal): reported PayPal emails, searched by `q`. Managers and
 * admins add entries (intent=add) and remove them after a confirm step (intent=remove).
 */

export const meta: MetaFunction = () => [{ title: 'Scammer PayPal' }]

const FILTERS: ReadonlyArray<FilterDef> = [
  { type: 'search', name: 'q', label: 'Search by email or reason' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { allow: can.viewScammers })
  await restoreListPlace(request, user, Object.keys(ScammerListQuery.shape))
  return scammerPageData(user, new URL(request.url).searchParams)
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { allow: can.viewScammers })
  const form = await readForm(request)
  switch (intentOf(form)) {
    case 'add':
      return addEntry(user, form)
    case 'remove':
      return removeEntry(user, form, request)
    default:
      throw unknownIntent()
  }
}

export default function ScammerPaypal() {
  const { canManage, scammers, step } = useLoaderData<typeof loader>()
  const lastResult = useFormAnswer()
  const removing = useUrlStep(step, SCAMMER_STEPS)
  return (
    <ScreenPanel title="Scammer PayPal">
      {removing.target ? (
        <ConfirmDialog
          key={removing.target.id}
          title={`Remove ${removing.target.email} from the Scammer PayPal list?`}
          fields={{ intent: 'remove', id: String(removing.target.id) }}
          confirmLabel="Remove"
          cancelHref={removing.cancelHref}
          onClose={removing.close}
        />
      ) : null}
      {canManage ? <ScammerAddForm lastResult={lastResult} /> : null}
      <ListFilters label="Search the Scammer PayPal list" filters={FILTERS} />
      <ScammerTable rows={scammers.rows} onRemove={canManage ? removing.open : undefined} />
      <Pagination page={scammers.page} pageCount={scammers.pageCount} total={scammers.total} />
    </ScreenPanel>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useLoaderData, useLocation } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { SubmitRow } from '~/components/forms/button'
import { InputField } from '~/components/forms/fields'
import { useFormAnswer } from '~/components/forms/form-answer'
import { submitForm } from '~/components/forms/reply.server'
import { useAppForm, type FormResult } from '~/components/forms/use-app-form'
import { useIsPending } from '~/components/forms/use-is-pending'
import { ScreenPanel } from '~/components/layout'
import { DataTable } from '~/components/list/data-table'
import { ListFilters, type FilterDef } from '~/components/list/list-filters'
import { Pagination } from '~/components/list/pagination'
import { ExportLink } from '~/components/list/export-link'
import { StepLink } from '~/components/list/row-actions'
import { readUrlStep, useUrlStep } from '~/components/list/url-step'
import { DialogCancel } from '~/components/ui/dialog'
import * as markets from '~/models/market.server'
import { can } from '~/models/permissions'
import { pageOrNotFound } from '~/utils/not-found.server'
import { MarketListQuery, positiveInt, readQueryLenient } from '~/schemas/list-queries'
import { requireUser } from '~/utils/auth.server'
import { restoreListPlace } from '~/utils/list-place.server'
import { intentOf, unknownIntent } from '~/utils/intent.server'
import { samePageWithout } from '~/utils/product-actions.server'
import { redirectWithToast } from '~/utils/toast.server'
import { readForm } from '~/utils/upload.server'
import { MarketRenameSchema, MarketSchema } from '~/validation/market'
import { MARKET_CHECKS, MARKET_RENAME_CHECKS } from '~/validation/market.checks'

/* The markets (/all/markets, admins, linked from the admin dashboard): search, add, rename. */

export const meta: MetaFunction = () => [{ title: 'Markets' }]

const FILTERS: ReadonlyArray<FilterDef> = [
  { type: 'search', name: 'q', label: 'Search by name or short name' },
]
/** The list's one step: an inline rename (`?rename=3`). */
const STEPS = ['rename'] as const
type RenameTarget = { step: 'rename'; id: number; name: string }
type Answer = FormResult

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireUser(request, { allow: can.useAdminArea })
  await restoreListPlace(request, admin, Object.keys(MarketListQuery.shape))
  const params = new URL(request.url).searchParams
  const list = pageOrNotFound(
    markets.listMarketsPage(admin, readQueryLenient(MarketListQuery, params)),
  )
  const step = readUrlStep(params, STEPS, (step, id): RenameTarget | undefined => {
    const market = markets.getMarket(id)
    return market && { step, id: market.id, name: market.name }
  })
  return { list, step }
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireUser(request, { allow: can.useAdminArea })
  const form = await readForm(request)
  const intent = intentOf(form)
  if (intent === 'add')
    return submitForm(form, MarketSchema, {
      formId: 'market-add',
      run: (value) => markets.addMarket(admin, value),
      done: () =>
        redirectWithToast('/all/markets', {
          type: 'success',
          message: markets.MARKET_ADDED_MESSAGE,
        }),
    })
  if (intent !== 'rename') throw unknownIntent()
  const id = positiveInt.safeParse(String(form.get('id') ?? ''))
  return submitForm(form, MarketRenameSchema, {
    formId: 'market-rename',
    run: ({ name }) => markets.renameMarket(admin, id.success ? id.data : 0, name),
    done: () =>
      redirectWithToast(samePageWithout(request, STEPS), {
        type: 'success',
        message: markets.MARKET_RENAMED_MESSAGE,
      }),
  })
}

export default function Markets() {
  const { list, step } = useLoaderData<typeof loader>()
  const renaming = useUrlStep(step, STEPS)
  const addAnswer = useFormAnswer('market-add')
  const renameAnswer = useFormAnswer('market-rename')
  const columns = [
    { header: 'Name', cell: (m: (typeof list.rows)[number]) => m.name },
    { header: 'Short Name', cell: (m: (typeof list.rows)[number]) => m.shortName },
    {
      header: 'Action',
      cell: (m: (typeof list.rows)[number]) => (
        <StepLink
          opens={{ step: 'rename' as const, id: m.id, name: m.name }}
          steps={STEPS}
          onOpen={renaming.open}
          aria-label={`Rename ${m.name}`}
          className="btn btn--small"
        >
          Rename
        </StepLink>
      ),
    },
  ]
  return (
    <ScreenPanel title="Markets">
      {renaming.target ? (
        <RenameForm
          key={renaming.target.id}
          target={renaming.target}
          cancelHref={renaming.cancelHref}
          lastResult={renameAnswer}
        />
      ) : null}
      <AddForm key={useLocation().key} lastResult={addAnswer} />
      <ListFilters label="Search the markets" filters={FILTERS} />
      <ExportLink list="all-markets" />
      <DataTable caption="Markets" columns={columns} rows={list.rows} rowKey={(m) => m.id} />
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} />
    </ScreenPanel>
  )
}

/** A new market (intent=add); after it is added the page loads again, with empty fields. */
function AddForm({ lastResult }: { lastResult: Answer }) {
  const [form, fields] = useAppForm(MARKET_CHECKS, { id: 'market-add', lastResult })
  return (
    <section aria-labelledby="market-add-title">
      <h2 id="market-add-title" className="section-title">
        Add a market
      </h2>
      <Form method="post" {...form.props}>
        <input type="hidden" name="intent" value="add" />
        <InputField meta={fields.name} label="Name" autoComplete="off" />
        <InputField meta={fields.shortName} label="Short Name" autoComplete="off" />
        <SubmitRow label="Add" pending={useIsPending({ formData: { intent: 'add' } })} />
      </Form>
    </section>
  )
}

/** The rename step: an inline form; Cancel goes back to the list without the step. */
function RenameForm({
  target,
  cancelHref,
  lastResult,
}: {
  target: RenameTarget
  cancelHref: string
  lastResult: Answer
}) {
  const [form, fields] = useAppForm(MARKET_RENAME_CHECKS, {
    id: 'market-rename',
    lastResult,
    defaultValue: { name: target.name },
  })
  return (
    <section aria-labelledby="market-rename-title">
      <h2 id="market-rename-title" className="section-title">
        Rename {target.name}
      </h2>
      <Form method="post" {...form.props}>
        <input type="hidden" name="intent" value="rename" />
        <input type="hidden" name="id" value={target.id} />
        <InputField meta={fields.name} label="New name" autoComplete="off" />
        <SubmitRow label="Rename" pending={useIsPending({ formData: { intent: 'rename' } })}>
          <DialogCancel to={cancelHref} />
        </SubmitRow>
      </Form>
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

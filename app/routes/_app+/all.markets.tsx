import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData, useLocation } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { TextForm } from '~/components/forms/text-form'
import { submitForm } from '~/components/forms/reply.server'
import { ScreenPanel } from '~/components/layout'
import { DataTable, type Column } from '~/components/list/data-table'
import { ListFilters, type FilterDef } from '~/components/list/list-filters'
import { Pagination } from '~/components/list/pagination'
import { StepLink } from '~/components/list/row-actions'
import { readUrlStep, useUrlStep } from '~/components/list/url-step'
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
  const { target } = renaming
  const columns: Array<Column<(typeof list.rows)[number]>> = [
    { header: 'Name', cell: (m) => m.name },
    { header: 'Short Name', cell: (m) => m.shortName },
    {
      header: 'Action',
      cell: (m) => (
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
      {target ? (
        <TextForm
          key={target.id}
          id="market-rename"
          intent="rename"
          title={`Rename ${target.name}`}
          checks={MARKET_RENAME_CHECKS}
          fields={{ name: 'New name' }}
          submit="Rename"
          hidden={{ id: target.id }}
          defaultValue={{ name: target.name }}
          cancelHref={renaming.cancelHref}
        />
      ) : null}
      <TextForm
        key={useLocation().key}
        id="market-add"
        intent="add"
        title="Add a market"
        checks={MARKET_CHECKS}
        fields={{ name: 'Name', shortName: 'Short Name' }}
        submit="Add"
      />
      <ListFilters
        label="Search the markets"
        filters={FILTERS}
        exportAs={{ list: 'all-markets', total: list.total }}
      />
      <DataTable caption="Markets" columns={columns} rows={list.rows} rowKey={(m) => m.id} />
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} />
    </ScreenPanel>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

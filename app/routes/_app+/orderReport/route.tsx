import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData, useLocation } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { PageTabs } from '~/components/layout'
import { DataTable } from '~/components/list/data-table'
import { ListFilters, type FilterDef } from '~/components/list/list-filters'
import { requireUser } from '~/utils/auth.server'
import { CopyLink } from './copy-link'
import { reportPageData } from './report.server'

/*
 * Order reports (/orderReport): the filters (a GET form, in the URL), the first 25 matching orders
 * and their count, and the same query as COPY, EXCEL, CSV and PDF (/orderReport/export.*).
 */

export const meta: MetaFunction = () => [{ title: 'Order Reports' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return reportPageData(user, new URL(request.url).searchParams)
}

export default function OrderReports() {
  const { today, choices, refused, reversed, headers, rows, total } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  const filters: ReadonlyArray<FilterDef> = [
    { type: 'select', name: 'status', label: 'Status', options: choices.statuses },
    { type: 'select', name: 'manager', label: 'Manager', options: choices.managers },
    { type: 'select', name: 'marketer', label: 'Marketer', options: choices.marketers },
    { type: 'select', name: 'chineseSeller', label: 'Chinese Seller', options: choices.sellers },
    { type: 'date', name: 'from', label: 'From Date', fallback: today },
    { type: 'date', name: 'to', label: 'To Date', fallback: today },
  ]
  // No `download` attribute: the files come as attachments anyway, and a refused one (too many
  // reports running) brings the browser back here with the message instead of a failed download.
  const file = (ext: string) => `/orderReport/export.${ext}${search}`
  return (
    <section className="panel">
      <h1 className="sr-only">Order Reports</h1>
      <PageTabs tabs={[{ label: 'ORDER REPORTS', active: true }]} />
      <ListFilters label="Report filters" filters={filters} />
      <div className="report-actions">
        <CopyLink href={file('txt')} />
        <a href={file('xlsx')} className="btn">
          EXCEL
        </a>
        <a href={file('csv')} className="btn">
          CSV
        </a>
        <a href={file('pdf')} className="btn">
          PDF
        </a>
      </div>
      <p className="list-note" role="status">
        {refused
          ? refused
          : reversed
            ? 'From Date is after To Date: no order can match.'
            : `${total.toLocaleString('en-US')} ${total === 1 ? 'order matches' : 'orders match'}${total > rows.length ? `; the first ${rows.length} are shown` : ''}.`}
      </p>
      <DataTable
        caption="Order report"
        columns={headers.map((h, i) => ({
          header: h.header,
          cell: (r: { cells: string[] }) => r.cells[i],
          className: h.nowrap ? 'nowrap' : undefined,
        }))}
        rows={rows}
        rowKey={(r) => r.id}
        scroll
      />
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { orderRowId } from '~/utils/row-ids'
import { Identifier } from '~/components/list/identifier'
import { useLoaderData, useLocation } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { PageTabs } from '~/components/layout'
import { DataTable } from '~/components/list/data-table'
import { ListFilters, type FilterDef } from '~/components/list/list-filters'
import { RowLink } from '~/components/list/row-actions'
import { requireUser } from '~/utils/auth.server'
import { withBack } from '~/utils/misc'
import { CommissionChart, OrdersChart } from '~/components/charts/report-charts'
import { ExportButtons } from './export-buttons'
import { reportPageData } from './report.server'

/*
 * Order reports (/orderReport): the filters (a GET form, in the URL), the first 25 matching orders
 * and their count, the charts of the matching orders (per day by status, commission per week), and COPY, EXCEL, CSV and PDF (/orderReport/export.*), which send the form as
 * it is shown.
 */

export const meta: MetaFunction = () => [{ title: 'Order Reports' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return reportPageData(user, new URL(request.url).searchParams)
}

const REPORT_FORM = 'report-filters'

/**
 * A phone's compact card: what finds the order, when it was made (the dates filter that), its
 * status and its commission. The order number links to the order, whose page has the rest.
 */
const REPORT_CARD = ['Order Number', 'Order Date', 'Status', 'Product ID', 'Commission']

/**
 * The order number, as a link to the order (a card has no room for a View button, and the report
 * keeps the columns of its files); the order's Back returns to this report, filters included.
 */
function OrderLink({ id, orderNumber }: { id: number; orderNumber: string }) {
  const { pathname, search } = useLocation()
  return (
    <RowLink
      to={withBack(`/orders/view/${id}`, pathname + search)}
      aria-label={`View order ${orderNumber}`}
    >
      <Identifier value={orderNumber} />
    </RowLink>
  )
}

export default function OrderReports() {
  const { today, choices, refused, reversed, headers, rows, total, chart } =
    useLoaderData<typeof loader>()
  const filters: ReadonlyArray<FilterDef> = [
    { type: 'select', name: 'status', label: 'Status', options: choices.statuses },
    { type: 'select', name: 'manager', label: 'Manager', options: choices.managers },
    { type: 'select', name: 'marketer', label: 'Marketer', options: choices.marketers },
    { type: 'select', name: 'chineseSeller', label: 'Chinese Seller', options: choices.sellers },
    { type: 'date', name: 'from', label: 'From Date', fallback: today },
    { type: 'date', name: 'to', label: 'To Date', fallback: today },
  ]
  return (
    <section className="panel">
      <h1 className="sr-only">Order Reports</h1>
      <PageTabs tabs={[{ label: 'ORDER REPORTS', active: true }]} />
      <ListFilters label="Report filters" filters={filters} formId={REPORT_FORM} />
      <ExportButtons formId={REPORT_FORM} total={total} />
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
          cell: (r: { id: number; cells: string[] }) =>
            h.header === 'Order Number' ? (
              <OrderLink id={r.id} orderNumber={r.cells[i]} />
            ) : h.header === 'Customer Email' ? (
              <Identifier value={r.cells[i]} />
            ) : (
              r.cells[i]
            ),
          className: h.nowrap ? 'nowrap' : undefined,
        }))}
        rows={rows}
        rowKey={(r) => r.id}
        rowId={(r) => orderRowId(r.id)}
        card={REPORT_CARD}
        scroll
      />
      {/* After the rows: on a phone the first rows stay on the first screen. */}
      {chart && !reversed ? (
        <div className="charts">
          <OrdersChart chart={chart} id="orders-chart" />
          <CommissionChart chart={chart} id="commission-chart" />
        </div>
      ) : null}
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

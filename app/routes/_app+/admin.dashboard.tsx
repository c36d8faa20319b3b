import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { PageTabs } from '~/components/layout'
import { CountCard } from '~/components/ui/cards'
import { OrdersChart } from '~/components/charts/report-charts'
import { orderCountsFor } from '~/models/order.server'
import { dashboardChart, DASHBOARD_CHART_DAYS } from '~/models/report.server'
import { env } from '~/core/env.server'
import { productCounts } from '~/models/product.server'
import { userCounts } from '~/models/user.server'
import { listMarkets } from '~/models/lookup.server'
import { can } from '~/models/permissions'
import { requireUser } from '~/utils/auth.server'
import { backupSummary } from '~/core/backup.server'
// This page's own styles, out of app.css: the other pages do not load them.
import './admin.dashboard.css'

export const meta: MetaFunction = () => [{ title: 'Admin Dashboard' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireUser(request, { allow: can.useAdminArea })
  const orders = orderCountsFor(admin)
  return {
    users: userCounts(),
    // The markets are remembered in memory (lookups): the count costs no query.
    markets: listMarkets().length,
    products: productCounts(),
    orders: {
      total: orders.total,
      cancelled: orders.byStatus.cancelled ?? 0,
      completed: orders.byStatus.commission ?? 0,
    },
    backup: await backupSummary(),
    // Off only to measure the page without it (env.BENCH_REPORT_CHARTS).
    chart:
      env.BENCH_REPORT_CHARTS === 'off'
        ? undefined
        : {
            ...dashboardChart(admin),
            title: `Orders of the last ${DASHBOARD_CHART_DAYS} days by status`,
          },
  }
}

export default function AdminDashboard() {
  const { users, products, orders, markets, backup, chart } = useLoaderData<typeof loader>()
  return (
    <section className="panel">
      <PageTabs tabs={[{ label: 'ADMIN Dashboard', active: true }]} />
      <h1 className="sr-only">Admin Dashboard</h1>
      <div className="cards">
        <CountCard label="All PMM" count={users.pmm} to="/all/pmm" />
        <CountCard label="All PM" count={users.pm} to="/all/pm" />
        <CountCard
          label="Deleted User"
          count={users.deleted}
          to="/all/user/deleted"
          detail={`Enabled: ${users.enabled} · Disabled: ${users.disabled}`}
        />
        <CountCard label="Total Products" count={products.total} to="/all/product" />
        <CountCard
          label="Enable Products"
          count={products.published}
          to="/all/product?status=published"
        />
        <CountCard
          label="Disable Product"
          count={products.disabled}
          to="/all/product?status=disabled"
        />
        <CountCard label="Total Orders" count={orders.total} to="/all/order" />
        <CountCard
          label="Cancelled Orders"
          count={orders.cancelled}
          to="/all/order?status=cancelled"
        />
        <CountCard label="Completed Orders" count={orders.completed} to="/order/completed" />
        <CountCard label="Markets" count={markets} to="/all/markets" />
      </div>
      {chart ? (
        <div className="charts">
          <OrdersChart chart={chart} id="dashboard-chart" title={chart.title} />
        </div>
      ) : null}
      {backup ? (
        <section className="backup-state" aria-labelledby="backup-heading">
          <h2 id="backup-heading">Backup</h2>
          {backup.warning ? <p className="backup-state__warning">{backup.warning}</p> : null}
          <dl>
            <dt>Database last replicated</dt>
            <dd>{backup.lastReplicated ?? 'Not yet'}</dd>
            <dt>Pictures waiting to be copied</dt>
            <dd>{backup.picturesPending ?? 'Unknown'}</dd>
          </dl>
        </section>
      ) : null}
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

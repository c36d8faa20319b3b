import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { PageTabs } from '~/components/layout'
import { CountCard } from '~/components/ui/cards'
import { LateReservations } from '~/components/reservations/late-reservations'
import { OrdersChart } from '~/components/charts/report-charts'
import { orderCountsFor } from '~/models/order.server'
import { dashboardChart, DASHBOARD_CHART_DAYS } from '~/models/report.server'
import { env } from '~/core/env.server'
import { lateReservations } from '~/models/reservation.server'
import { requireMemberArea } from '~/utils/guards.server'

export const meta: MetaFunction = () => [{ title: 'Dashboard' }]

/** The dashboard cards: one per order status of spec section 4, then 'yearly'. */
const CARDS = [
  { status: 'ordered', label: 'Ordered' },
  { status: 'reviewed', label: 'Reviewed' },
  { status: 'delivered', label: 'Delivered' },
  { status: 'refunded', label: 'Refunded' },
  { status: 'review_deleted', label: 'Review Deleted' },
  { status: 'cancelled', label: 'Cancelled' },
  { status: 'onhold', label: 'Onhold' },
  { status: 'commission', label: 'Commission' },
  { status: 'pending', label: 'Pending' },
] as const

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireMemberArea(request, '/admin/dashboard')
  const counts = orderCountsFor(user)
  return {
    title: `${user.role.toUpperCase()} Dashboard`,
    cards: CARDS.map((c) => ({ ...c, count: counts.byStatus[c.status] ?? 0 })),
    yearly: counts.yearly,
    late: lateReservations(user),
    // Off only to measure the page without it (env.BENCH_REPORT_CHARTS).
    chart:
      env.BENCH_REPORT_CHARTS === 'off'
        ? undefined
        : {
            ...dashboardChart(user),
            title: `Orders of the last ${DASHBOARD_CHART_DAYS} days by status`,
          },
  }
}

export default function Dashboard() {
  const { title, cards, yearly, late, chart } = useLoaderData<typeof loader>()
  return (
    <section className="panel">
      <PageTabs tabs={[{ label: title, active: true }]} />
      <h1 className="sr-only">{title}</h1>
      <div className="cards">
        {cards.map((c) => (
          <CountCard
            key={c.status}
            label={c.label}
            count={c.count}
            to={`/orders?status=${c.status}`}
          />
        ))}
        <CountCard label="Yearly" count={yearly} to="/orders?yearly=1" />
      </div>
      {chart ? (
        <div className="charts">
          <OrdersChart chart={chart} id="dashboard-chart" title={chart.title} />
        </div>
      ) : null}
      <LateReservations reservations={late} createOrderTo={(pId) => `/orders?tab=add&pId=${pId}`} />
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { AdminOrderList } from '~/components/orders/admin-order-list'
import { adminOrdersData } from '~/components/orders/admin-orders.server'

/** Completed Orders (admin): the orders in status Commission (product.md, Orders). */

export const meta: MetaFunction = () => [{ title: 'Completed Orders' }]

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminOrdersData(request, { completed: true })

export default function CompletedOrders() {
  return (
    <AdminOrderList
      title="Completed Orders"
      statusFilter={false}
      {...useLoaderData<typeof loader>()}
    />
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

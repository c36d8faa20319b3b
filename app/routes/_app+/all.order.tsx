import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { AdminOrderList } from '~/components/orders/admin-order-list'
import { adminOrdersData } from '~/components/orders/admin-orders.server'

/** All Orders (admin): every order, with the Orders screen's filters. */

export const meta: MetaFunction = () => [{ title: 'All Orders' }]

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminOrdersData(request, { completed: false })

export default function AllOrders() {
  return <AdminOrderList title="All Orders" statusFilter {...useLoaderData<typeof loader>()} />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

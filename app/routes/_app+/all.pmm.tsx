import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { UserListScreen } from '~/components/users/user-list'
import { userListRoute } from '~/components/users/user-list.server'

/** Live managers (pmm): search, enable, disable and delete. Admins only. */

export const meta: MetaFunction = () => [{ title: 'All PMM' }]

const route = userListRoute('pmm')
export const loader = route.loader
export const action = route.action

export default function AllPmm() {
  return <UserListScreen scope="pmm" {...useLoaderData<typeof loader>()} />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

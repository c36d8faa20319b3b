import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { UserListScreen } from '~/components/users/user-list'
import { userListRoute } from '~/components/users/user-list.server'

/** Every pm and pmm with their state (sidebar 'Delete User'): search, enable, disable and delete. Admins only. */

export const meta: MetaFunction = () => [{ title: 'Delete User' }]

const route = userListRoute('all')
export const loader = route.loader
export const action = route.action

export default function DeleteUser() {
  return <UserListScreen scope="all" {...useLoaderData<typeof loader>()} />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { UserListScreen } from '~/components/users/user-list'
import { userListRoute } from '~/components/users/user-list.server'

/** Live marketers (pm): search, enable, disable and delete. Admins only. */

export const meta: MetaFunction = () => [{ title: 'All PM' }]

const route = userListRoute('pm')
export const loader = route.loader
export const action = route.action

export default function AllPm() {
  return <UserListScreen scope="pm" {...useLoaderData<typeof loader>()} />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

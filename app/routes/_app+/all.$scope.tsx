import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { UserListScreen } from '~/components/users/user-list'
import { userListRoute } from '~/components/users/user-list.server'

/**
 * All PMM (/all/pmm) and All PM (/all/pm): the live managers or marketers, with search, enable,
 * disable and delete. Admins only. Any other /all/… that no route names is the 404 page.
 */

const TITLES = { pmm: 'All PMM', pm: 'All PM' } as const

function scopeOf(params: { scope?: string }): keyof typeof TITLES {
  const scope = params.scope
  if (scope === 'pm' || scope === 'pmm') return scope
  throw new Response('Not found', { status: 404 })
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? TITLES[data.scope] : 'Not found' },
]

export async function loader(args: LoaderFunctionArgs) {
  const scope = scopeOf(args.params)
  return { scope, ...(await userListRoute(scope).loader(args)) }
}

export function action(args: ActionFunctionArgs) {
  return userListRoute(scopeOf(args.params)).action(args)
}

export default function AllUsersOfRole() {
  const data = useLoaderData<typeof loader>()
  return <UserListScreen {...data} />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

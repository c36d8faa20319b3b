import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ProfilePage } from '~/components/profile'
import { requireUser } from '~/utils/auth.server'
import { changePicAction, profileView } from '~/utils/profile.server'

export const meta: MetaFunction = () => [{ title: "User's Profile" }]

/** Admins have their own profile page. */
async function requireMarketerOrManager(request: Request) {
  const user = await requireUser(request)
  if (user.role === 'admin') throw redirect('/user/profile')
  return user
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireMarketerOrManager(request)
  return { profile: profileView(user) }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireMarketerOrManager(request)
  return changePicAction(request, user, '/userProfile')
}

export default function UserProfile() {
  const { profile } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return <ProfilePage profile={profile} error={actionData?.error} toast={actionData?.toast} />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

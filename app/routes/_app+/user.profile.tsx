import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ProfilePage } from '~/components/profile'
import { can } from '~/models/permissions'
import { requireUser } from '~/utils/auth.server'
import { changePicAction, profileView } from '~/utils/profile.server'

export const meta: MetaFunction = () => [{ title: "User's Profile" }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { allow: can.useAdminArea })
  return { profile: profileView(user, 'Admin') }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { allow: can.useAdminArea })
  return changePicAction(request, user, '/user/profile')
}

export default function AdminProfile() {
  const { profile } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return <ProfilePage profile={profile} error={actionData?.error} toast={actionData?.toast} />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

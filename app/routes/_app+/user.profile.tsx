import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ProfileScreen } from '~/components/profile'
import { profileAction, profileLoader } from '~/utils/profile.server'

export const meta: MetaFunction = () => [{ title: "User's Profile" }]
export const loader = (args: LoaderFunctionArgs) => profileLoader(args, 'admin')
export const action = (args: ActionFunctionArgs) => profileAction(args, 'admin')
export default ProfileScreen
export const ErrorBoundary = GeneralErrorBoundary

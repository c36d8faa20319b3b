import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { AppShell } from '~/components/layout'
import { DEFAULT_AVATAR_INLINE } from '~/components/ui/inline-images'
import { avatarUrl, DEFAULT_AVATAR_URL } from '~/models/user.server'
import { requireUser } from '~/utils/auth.server'
import { can, HELP_NAV, sidebarFor } from '~/models/permissions'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const avatar = avatarUrl(user, 'thumb')
  return {
    user: {
      id: user.id,
      name: user.name,
      role: user.role,
      avatarUrl: avatar === DEFAULT_AVATAR_URL ? DEFAULT_AVATAR_INLINE : avatar,
      shortcuts: user.keyboardShortcuts,
    },
    nav: sidebarFor(user.role),
    help: HELP_NAV,
    // Whose outbox of new orders this browser shows and sends (issue 31): a marketer's own.
    outboxOwner: can.createOrder(user) ? user.id : null,
  }
}

export default function AppLayout() {
  const { user, nav, help, outboxOwner } = useLoaderData<typeof loader>()
  return (
    <AppShell user={user} nav={nav} help={help} outboxOwner={outboxOwner}>
      <Outlet />
    </AppShell>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

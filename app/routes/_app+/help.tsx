import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { clientLazy } from '~/components/client-lazy'
import { ScreenPanel } from '~/components/layout'
import { setKeyboardShortcuts } from '~/models/preferences.server'
import { requireUser } from '~/utils/auth.server'
import { safeRedirect } from '~/utils/misc'
import { redirectWithToast } from '~/utils/toast.server'
import { readFormOrRefuse } from '~/utils/upload.server'

/** Help (issue 30): the keyboard shortcuts, and the switch that turns them off. */

// Their code stays out of the chunk every page loads.
const ShortcutTable = clientLazy(() =>
  import('~/components/keyboard/shortcut-table').then((m) => m.ShortcutTable),
)
const ShortcutsSwitch = clientLazy(() =>
  import('~/components/keyboard/shortcuts-switch').then((m) => m.ShortcutsSwitch),
)

export const meta: MetaFunction = () => [{ title: 'Help' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return { admin: user.role === 'admin', shortcuts: user.keyboardShortcuts }
}

export async function action(args: ActionFunctionArgs) {
  const user = await requireUser(args.request)
  const read = await readFormOrRefuse(args)
  if ('refused' in read) return read.refused
  const wanted = read.form.get('shortcuts')
  if (wanted !== 'on' && wanted !== 'off') {
    throw new Response('Please send shortcuts=on or shortcuts=off.', { status: 400 })
  }
  const back = safeRedirect(read.form.get('back'), '/help')
  const set = setKeyboardShortcuts(user, wanted === 'on')
  if (!set.ok) return redirectWithToast(back, { type: 'error', message: set.message })
  return redirectWithToast(back, { type: 'success', message: set.message })
}

export default function Help() {
  const { admin, shortcuts } = useLoaderData<typeof loader>()
  return (
    <ScreenPanel title="Help" tab="KEYBOARD SHORTCUTS">
      <p>
        Press <kbd>?</kbd> on any screen to see these keys. Single keys never act while you type in
        a field, nor with Ctrl, Alt or ⌘ held.
      </p>
      <ShortcutTable admin={admin} />
      <ShortcutsSwitch on={shortcuts} back="/help" />
    </ScreenPanel>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

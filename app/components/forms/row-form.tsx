import { useFetcher } from '@remix-run/react'
import type { ReactNode } from 'react'

/**
 * The form of a list row's action (Reserve, Release, the switch, Enable/Disable). With JavaScript
 * it is sent in place: the page keeps its scroll position and the focus stays in the row while
 * the action's redirect reloads the list and its toast. Without JavaScript it is a plain form,
 * answered with a redirect back to the row (`backToRow`).
 */
export function RowForm({
  fields,
  className,
  children,
}: {
  fields: Record<string, string | number>
  className?: string
  /** The form's button, told whether the form is being sent. */
  children: (pending: boolean) => ReactNode
}) {
  const fetcher = useFetcher()
  return (
    <fetcher.Form method="post" preventScrollReset className={className}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children(fetcher.state !== 'idle')}
    </fetcher.Form>
  )
}

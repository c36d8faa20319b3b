import { useLocation } from '@remix-run/react'
import { RowLink } from '~/components/list/row-actions'
import { withBack } from '~/utils/misc'

/**
 * The View link of a list row. It takes along the list's page in `?back=` (filters included), so
 * the detail page's Back button returns to it, with JavaScript or without.
 */
export function ViewProductLink({ pId }: { pId: number }) {
  const { pathname, search } = useLocation()
  return (
    <RowLink
      to={withBack(`/view/${pId}`, pathname + search)}
      className="btn btn--small"
      aria-label={`View product ${pId}`}
    >
      View
    </RowLink>
  )
}

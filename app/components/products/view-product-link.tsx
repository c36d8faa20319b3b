import { RowLink } from '~/components/list/row-actions'

/**
 * The View link of a list row. It takes along the list's page (filters included), so the detail
 * page's Back button returns to it.
 */
export function ViewProductLink({ pId }: { pId: number }) {
  return (
    <RowLink to={`/view/${pId}`} className="btn btn--small" aria-label={`View product ${pId}`}>
      View
    </RowLink>
  )
}

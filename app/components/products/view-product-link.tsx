import { Link, useLocation } from '@remix-run/react'

/**
 * The View link of a list row. It carries this page (filters included) so the detail page's Back
 * button returns to it.
 */
export function ViewProductLink({ pId }: { pId: number }) {
  const { pathname, search } = useLocation()
  return (
    <Link
      to={`/view/${pId}`}
      state={{ back: pathname + search }}
      className="btn btn--small"
      aria-label={`View product ${pId}`}
    >
      View
    </Link>
  )
}

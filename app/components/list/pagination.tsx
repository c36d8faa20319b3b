import { Link, useSearchParams } from '@remix-run/react'
import type { Page } from '~/models/paginate.server'

/** Page links that keep the list's filters (they live in the URL). */
export function Pagination({ page, pageCount, total }: Omit<Page<unknown>, 'rows'>) {
  const [params] = useSearchParams()
  if (pageCount <= 1)
    return <p className="pagination__summary">{total.toLocaleString('en-US')} in all</p>
  const href = (p: number) => {
    const next = new URLSearchParams(params)
    // Page 1 is named too: the bare list opens where the user last left it (a remembered place).
    next.set('page', String(p))
    return `?${next}`
  }
  const pages = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2])
  const shown = [...pages].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b)
  return (
    <nav className="pagination" aria-label="Pages">
      <p className="pagination__summary">
        Page {page} of {pageCount} · {total.toLocaleString('en-US')} in all
      </p>
      <ul className="pagination__list">
        <li>
          {page > 1 ? (
            <Link to={href(page - 1)} rel="prev" className="pagination__link">
              Previous
            </Link>
          ) : (
            <span className="pagination__link" aria-disabled="true">
              Previous
            </span>
          )}
        </li>
        {shown.map((p, i) => (
          <li key={p}>
            {i > 0 && p - shown[i - 1] > 1 ? <span className="pagination__gap">…</span> : null}
            {p === page ? (
              <span className="pagination__link pagination__link--current" aria-current="page">
                {p}
              </span>
            ) : (
              <Link to={href(p)} className="pagination__link" aria-label={`Page ${p}`}>
                {p}
              </Link>
            )}
          </li>
        ))}
        <li>
          {page < pageCount ? (
            <Link to={href(page + 1)} rel="next" className="pagination__link">
              Next
            </Link>
          ) : (
            <span className="pagination__link" aria-disabled="true">
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  )
}

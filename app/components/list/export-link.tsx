import { useLocation } from '@remix-run/react'

/**
 * "Export (CSV)": the list's rows as its filters and sort select them, all pages, as a file. A
 * plain link with the page's query (no JavaScript needed, no `download` attribute: a refused
 * export, too many running, brings the browser back to the list with the message as a toast).
 */
export function ExportLink({ list }: { list: string }) {
  const { search } = useLocation()
  const query = new URLSearchParams(search)
  query.delete('page') // every page
  const rest = query.toString()
  return (
    <div className="report-actions">
      <a href={`/lists/${list}/export.csv${rest ? `?${rest}` : ''}`} className="btn btn--small">
        Export (CSV)
      </a>
    </div>
  )
}

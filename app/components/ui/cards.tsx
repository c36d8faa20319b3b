import { Link } from '@remix-run/react'
import { cardLink } from '~/utils/list-params'

/**
 * A count with its label; with `to`, a link named "Label: count" (plus the detail line) to that
 * list, marked as the card's view (it leaves the user's remembered place alone). The
 * name holds every word the card shows, in the order shown, so a speech user can say what they
 * see (WCAG 2.5.3).
 */
export function CountCard({
  label,
  count,
  to,
  detail,
}: {
  label: string
  count: number
  to?: string
  /** A line under the count, e.g. "Enabled: 3 · Disabled: 1". */
  detail?: string
}) {
  const shown = count.toLocaleString('en-US')
  // The spaces keep the words apart in the card's text, as its name has them.
  const body = (
    <>
      <span className="card__label">{label}</span> <span className="card__count">{shown}</span>
      {detail ? (
        <>
          {' '}
          <span className="card__detail">{detail}</span>
        </>
      ) : null}
    </>
  )
  return to ? (
    <Link
      to={cardLink(to)}
      className="card card--link"
      aria-label={detail ? `${label}: ${shown}, ${detail}` : `${label}: ${shown}`}
    >
      {body}
    </Link>
  ) : (
    <div className="card">{body}</div>
  )
}

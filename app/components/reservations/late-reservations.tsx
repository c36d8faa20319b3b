import { Link } from '@remix-run/react'

/** A pm's reservation that expired less than 24 hours ago: its order may still be recorded. */
export type LateReservation = {
  pId: number
  brandName: string
  /** When recording ends, in business time (YYYY-MM-DD HH:mm). */
  recordUntil: string
  /** Minutes left to record it. */
  minutesLeft: number
}

const timeLeft = (minutes: number) =>
  minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min left` : `${minutes} min left`

/**
 * "Expired reservations you can still record": each with the time left to record it and a link
 * to the new-order form with its product (`createOrderTo`). On the Orders screen's Add tab, the
 * Reservations list and the pm's dashboard, so a late order is found where the pm looks.
 */
export function LateReservations({
  reservations,
  createOrderTo,
}: {
  reservations: ReadonlyArray<LateReservation>
  createOrderTo: (pId: number) => string
}) {
  if (reservations.length === 0) return null
  return (
    <section aria-labelledby="late-orders-title" className="stack">
      <h2 id="late-orders-title" className="section-title">
        Expired reservations you can still record
      </h2>
      <p className="field__hint">
        An order can be recorded up to 24 hours after its reservation expired, if the product still
        has a unit left for the day of the reservation.
      </p>
      <ul>
        {reservations.map((r) => (
          <li key={`${r.pId}-${r.recordUntil}`}>
            Product {r.pId} ({r.brandName}): until {r.recordUntil} ({timeLeft(r.minutesLeft)}){' '}
            <Link
              to={createOrderTo(r.pId)}
              className="btn btn--small"
              aria-label={`CREATE ORDER for product ${r.pId}`}
            >
              CREATE ORDER
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

import { Link } from '@remix-run/react'
import { StatusButton } from '~/components/forms/button'
import { useIsPending } from '~/components/forms/use-is-pending'

/**
 * The end of both reserve forms: the reserve time, CANCEL and RESERVE NOW. CANCEL is a link to a
 * fresh form, so it works without JavaScript; with JavaScript it also resets the form in place
 * (the typed id and its error go at once, whether or not the page mounts a new form).
 */
export function ReserveFormActions({ minutes, cancelTo }: { minutes: number; cancelTo: string }) {
  const pending = useIsPending({ formData: { intent: 'reserve' } })
  return (
    <>
      <p className="field__hint">Reserve Time: {minutes} Minutes</p>
      <div className="form-actions">
        <Link
          to={cancelTo}
          className="btn"
          // Pressing it must not take the focus from the field first: leaving the field would
          // show its error, which moves CANCEL down before the button is released, and the
          // click then lands beside it (issue 28, item 2).
          onMouseDown={(event) => event.preventDefault()}
          onClick={(event) => event.currentTarget.closest('form')?.reset()}
        >
          CANCEL
        </Link>
        <StatusButton variant="primary" pending={pending}>
          RESERVE NOW
        </StatusButton>
      </div>
    </>
  )
}

import { Form, useLocation } from '@remix-run/react'
import { RefusalNote } from '~/components/forms/refusal-note'
import { ReserveFormActions } from './reserve-form-actions'

/**
 * The Reservations screen's reserve form: the product id is free text with no rules in the page
 * (spec section 5); the server answers with a toast either way and the field comes back empty.
 */
export function TypedIdReserveForm({ minutes }: { minutes: number }) {
  // A fresh form each time the page comes back (after an answer, or CANCEL).
  const { key } = useLocation()
  return (
    <Form method="post" className="reserve-form" key={key}>
      <input type="hidden" name="intent" value="reserve" />
      <div className="field">
        <label htmlFor="reserve-pId" className="field__label">
          Enter Product ID
        </label>
        <input
          id="reserve-pId"
          name="pId"
          type="text"
          autoComplete="off"
          className="field__input"
        />
      </div>
      <RefusalNote />
      <ReserveFormActions minutes={minutes} cancelTo="?tab=reserve" />
    </Form>
  )
}

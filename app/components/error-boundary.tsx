import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react'
import { useRequestId } from '~/utils/request-id'

export const NOT_FOUND_TEXT = 'This is the 404 page!!'
export const METHOD_NOT_ALLOWED_TEXT = 'This page does not accept that kind of request.'
export const SERVER_ERROR_TEXT = 'Something went wrong on our side. Please try again in a moment.'

/** What a user sees when something goes wrong: never a stack trace or the framework's words. */
export function GeneralErrorBoundary() {
  const error = useRouteError()
  const requestId = useRequestId()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />
  // A POST to a page without an action: the router's own 405 names routes and exports.
  const message = !isRouteErrorResponse(error)
    ? SERVER_ERROR_TEXT
    : error.status === 405
      ? METHOD_NOT_ALLOWED_TEXT
      : typeof error.data === 'string' && error.status < 500
        ? error.data
        : SERVER_ERROR_TEXT
  return (
    <main className="error-page">
      <h1>{isRouteErrorResponse(error) ? error.status : 'Error'}</h1>
      <p>{message}</p>
      {requestId ? (
        <p data-request-id={requestId}>
          Reference: <code>{requestId}</code>
        </p>
      ) : null}
      <Link to="/">Go to the start page</Link>
    </main>
  )
}

export function NotFound() {
  return (
    <main className="error-page">
      <h1>{NOT_FOUND_TEXT}</h1>
      <p>The page you asked for does not exist.</p>
      <Link to="/">Go to the start page</Link>
    </main>
  )
}

import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react'

export const NOT_FOUND_TEXT = 'This is the 404 page!!'

/** What a user sees when something goes wrong: never a stack trace. */
export function GeneralErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />
  const message =
    isRouteErrorResponse(error) && typeof error.data === 'string' && error.status < 500
      ? error.data
      : 'Something went wrong on our side. Please try again in a moment.'
  return (
    <main className="error-page">
      <h1>{isRouteErrorResponse(error) ? error.status : 'Error'}</h1>
      <p>{message}</p>
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

import { NotFound } from '~/components/error-boundary'

// Every unknown path, for GET and POST alike, answers 404 with the spec's text.
export function loader() {
  throw new Response('Not found', { status: 404 })
}

export function action() {
  throw new Response('Not found', { status: 404 })
}

export default function NotFoundRoute() {
  return <NotFound />
}

export function ErrorBoundary() {
  return <NotFound />
}

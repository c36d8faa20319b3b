import {
  data,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'
import { GeneralErrorBoundary } from './components/error-boundary'
import { OfflineNote } from './components/offline/offline-note'
import { FAVICON_URL } from './components/ui/inline-images'
import { NavigationProgress, useFocusOnNavigation } from './components/ui/navigation'
import { Toaster } from './components/ui/toaster'
import appStyles from './styles/app.css?url'
import { getUser } from './utils/auth.server'
import { useNonce } from './utils/nonce'
import { getToast } from './utils/toast.server'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: appStyles },
  { rel: 'icon', href: FAVICON_URL, type: 'image/svg+xml' },
]

export const meta: MetaFunction = () => [{ title: 'Back office' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request)
  const { toast, headers } = await getToast(request, context)
  return data({ signedIn: Boolean(user), toast }, { headers })
}

/**
 * After every form post, even a refused one (Remix skips loaders after a 4xx answer), so that a
 * toast the action flashed is shown at once.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
}) => (formMethod && formMethod.toUpperCase() !== 'GET') || defaultShouldRevalidate

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce()
  // The outermost component's mount effect runs after every other one of the first render (the
  // shell's key listener, the filter forms' values): from then on the page's code answers every
  // key and click. The e2e's `ready` waits for this mark, not for the router, which exists before.
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
  }, [])
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  const rootData = useRouteLoaderData<typeof loader>('root')
  useFocusOnNavigation()
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <Toaster toast={rootData?.toast} />
      <OfflineNote />
    </>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

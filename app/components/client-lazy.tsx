import { lazy, Suspense, type ComponentType } from 'react'

/**
 * A component whose code the browser fetches only when a page shows it (a form and its validation
 * libraries), while the server renders it at once, so the page is whole without JavaScript. Call
 * it as `clientLazy(import.meta.env.SSR ? Form : undefined, () => import('./form').then((m) =>
 * m.Form))`: the browser build then drops the static import and makes the module a chunk of its
 * own. Until that chunk arrives, the server's HTML stays as it is (React hydrates the boundary
 * later); after a client navigation the component appears once its chunk is in.
 */
export function clientLazy<P extends object>(
  onServer: ComponentType<P> | undefined,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Component = (onServer ??
    lazy(() => load().then((c) => ({ default: c })))) as ComponentType<object>
  return function ClientLazy(props: P) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    )
  }
}

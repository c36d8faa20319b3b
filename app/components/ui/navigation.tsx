import { useFetchers, useLocation, useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'

/**
 * A thin bar at the top of the window while a page loads or a form is sent in place (a row's
 * action). It appears only after a short delay (CSS), so quick answers do not flicker.
 */
export function NavigationProgress() {
  const navigation = useNavigation()
  const fetchers = useFetchers()
  if (navigation.state === 'idle' && fetchers.every((f) => f.state === 'idle')) return null
  return <div className="nav-progress" role="progressbar" aria-label="Loading the page" />
}

/**
 * After a client-side navigation to another page, the focus goes to the page's heading (the
 * browser would leave it on the page itself), so keyboard and screen reader users start there.
 * Not on the first load, and not when the same page reloads or changes its query (a row action,
 * a filter, a tab): the focus stays where the user is.
 */
export function useFocusHeadingOnNavigation() {
  const { pathname } = useLocation()
  const shown = useRef(pathname)
  useEffect(() => {
    if (shown.current === pathname) return
    shown.current = pathname
    const heading =
      document.querySelector<HTMLElement>('#content h1') ?? document.querySelector('h1')
    if (!heading) return
    heading.tabIndex = -1
    heading.focus({ preventScroll: true })
  }, [pathname])
}

import { useLocation, useNavigate, useSearchParams } from '@remix-run/react'
import { useEffect, useState } from 'react'

/*
 * A step of a list screen about one row (confirm a removal, rename, ...) is named in the page's
 * URL as `?<step>=<id>`: `?remove=12`, `?delete=12`, `?rename=3`. Without JavaScript the server
 * renders the step open from the URL and its Cancel is a link to the URL without it; with
 * JavaScript the row's `StepLink` opens the same step in place. The same idiom serves a
 * confirmation (ConfirmDialog) and an inline edit. The server reads the step from the URL with
 * `readUrlStep` (url-step.server.ts), so the browser's list code brings no schema library.
 */

/** Which step, about which row; a screen's target adds what the step shows (a name, an email). */
export type UrlStep<Step extends string = string> = { step: Step; id: number }

/** The URL of this page with `steps` dropped and, if given, `open` set (`?rename=3`). */
export function useStepHref(steps: ReadonlyArray<string>, open?: UrlStep) {
  const [params] = useSearchParams()
  const { pathname } = useLocation()
  const next = new URLSearchParams(params)
  for (const name of steps) next.delete(name)
  if (open) next.set(open.step, String(open.id))
  return `${pathname}${next.size ? `?${next}` : ''}`
}

/**
 * The open step: the one in the URL (the way without JavaScript), or the one whose link was just
 * clicked (with JavaScript, no page load). `cancelHref` is this page without any of `steps`.
 */
export function useUrlStep<Target extends UrlStep>(
  fromUrl: Target | null,
  steps: ReadonlyArray<Target['step']>,
) {
  const [clicked, setClicked] = useState<Target | null>(null)
  const location = useLocation()
  const navigate = useNavigate()
  // Any navigation (the action's redirect, a search, a page link) ends the step.
  useEffect(() => setClicked(null), [location.key])
  const cancelHref = useStepHref(steps)
  return {
    target: clicked ?? fromUrl,
    cancelHref,
    open: setClicked,
    close: () => {
      if (clicked) setClicked(null)
      else navigate(cancelHref, { replace: true, preventScrollReset: true })
    },
  }
}

import { useLocation, useNavigate, useSearchParams } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { positiveInt } from '~/schemas/list-queries'

/*
 * A step of a list screen about one row (confirm a removal, rename, ...) is named in the page's
 * URL as `?<step>=<id>`: `?remove=12`, `?delete=12`, `?rename=3`. Without JavaScript the server
 * renders the step open from the URL and its Cancel is a link to the URL without it; with
 * JavaScript the row's `StepLink` opens the same step in place. The same idiom serves a
 * confirmation (ConfirmDialog) and an inline edit.
 */

/** Which step, about which row; a screen's target adds what the step shows (a name, an email). */
export type UrlStep<Step extends string = string> = { step: Step; id: number }

/**
 * The step the URL asks for: the first of `steps` whose id `find` knows (it returns the target,
 * or nothing for an unknown row or one the step does not apply to).
 */
export function readUrlStep<Step extends string, Target extends UrlStep<Step>>(
  params: URLSearchParams,
  steps: ReadonlyArray<Step>,
  find: (step: Step, id: number) => Target | null | undefined,
): Target | null {
  for (const step of steps) {
    const id = positiveInt.safeParse(params.get(step) ?? '')
    const target = id.success ? find(step, id.data) : null
    if (target) return target
  }
  return null
}

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

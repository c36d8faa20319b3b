import { useNavigationType } from '@remix-run/react'
import { lazy, Suspense, useEffect, type ComponentType } from 'react'

/**
 * A component whose code the browser fetches only when it is needed (a form and its validation
 * libraries), while the server renders it at once, so the page is whole without JavaScript. Call
 * it once per form, as `clientLazy(() => import('./form').then((m) => m.Form))`: the module is then
 * only imported dynamically, so the browser build makes it a chunk of its own. The server starts
 * loading it when the route module is evaluated, and `clientLazyLoaded()` (awaited before each
 * render) makes sure it is in before a page is rendered.
 *
 * On the page the browser opened, the chunk is fetched when the user first does something there
 * (focus, pointer, key): reading a page costs no form code, and a form is ready by the time its
 * first field has been typed in. Until the chunk arrives, the server's HTML stays as it is and
 * works as it does without JavaScript (a submit is an ordinary post); React hydrates it later,
 * keeping what was typed. After a client navigation the chunk is fetched at once and the component
 * appears when it is in. `{ when: 'shown' }` fetches it as soon as the page shows it (a part that
 * only adds to what the server rendered, and should be ready without a first use: the profile's
 * passkeys), still off every other page.
 */
export function clientLazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: { when?: 'first use' | 'shown' } = {},
): ComponentType<P> {
  return import.meta.env.SSR ? onServer(load) : inBrowser(load, options.when === 'shown')
}

/** The server's loads still under way (a failed one stays, so a render says so). */
const loading = new Set<Promise<void>>()

/** Resolves once every clientLazy module the server has seen so far is loaded. */
export async function clientLazyLoaded() {
  if (loading.size > 0) await Promise.all(loading)
}

function onServer<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let Loaded: ComponentType<P> | undefined
  const loaded = load().then((Component) => {
    Loaded = Component
    loading.delete(loaded)
  })
  // Handled here so a failure waits for the next render to be reported, not crash the process.
  loaded.catch(() => {})
  loading.add(loaded)
  return function ClientLazy(props: P) {
    if (!Loaded) throw new Error('clientLazy: rendered before its module loaded')
    // The same Suspense boundary as in the browser, so hydration matches.
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    )
  }
}

function inBrowser<P extends object>(
  load: () => Promise<ComponentType<P>>,
  whenShown: boolean,
): ComponentType<P> {
  const Component = lazy(() => {
    awaited++
    let arrived = false
    return (whenShown ? Promise.resolve() : firstUse()).then(load).then((Loaded) => ({
      default: function Replaying(props: P) {
        useEffect(() => {
          if (arrived) return
          arrived = true
          awaited--
          replayEarlyEvents()
        }, [])
        return <Loaded {...props} />
      },
    }))
  }) as unknown as ComponentType<object>
  return function ClientLazy(props: P) {
    // Shown by a client navigation (not the page's first load): no reason to wait.
    if (useNavigationType() !== 'POP') begin()
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    )
  }
}

const USE_EVENTS = ['focusin', 'pointerdown', 'keydown'] as const
let begun = false
const waiting: Array<() => void> = []

function begin() {
  if (begun) return
  begun = true
  for (const type of USE_EVENTS) document.removeEventListener(type, begin, true)
  for (const resolve of waiting.splice(0)) resolve()
}

if (typeof document !== 'undefined') {
  for (const type of USE_EVENTS) {
    document.addEventListener(type, begin, { capture: true, passive: true })
  }
}

// What was typed and left before a form's code came, given again once it is there (the form hook
// listens for them: a field left before then would otherwise not show its error).
const REPLAYED = ['input', 'focusout'] as const
const early: Array<{ type: string; target: EventTarget }> = []
function recordEarly(event: Event) {
  const { target, type } = event
  const last = early.at(-1)
  const isField =
    target instanceof HTMLInputElement ||
    target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement
  if (isField && target.form && (last?.type !== type || last.target !== target)) {
    early.push({ type, target })
  }
}
if (typeof document !== 'undefined') {
  for (const type of REPLAYED) document.addEventListener(type, recordEarly, true)
}
function replayEarlyEvents() {
  if (awaited === 0 && held) window.setTimeout(() => sendHeld(false))
  for (const type of REPLAYED) document.removeEventListener(type, recordEarly, true)
  for (const { type, target } of early.splice(0)) {
    if (target instanceof Node && target.isConnected) {
      target.dispatchEvent(
        type === 'input'
          ? new Event(type, { bubbles: true })
          : new FocusEvent(type, { bubbles: true }),
      )
    }
  }
}

// A form sent while its code is still coming waits for it (a moment: the code was asked for at
// the first focus or click), then is sent again through it, so it behaves as with JavaScript.
// After 5 s it goes as it would without JavaScript. Caught on the way down (capture), before React:
// for a submit inside a boundary it has not hydrated yet, React stops the event at its root (it
// cannot replay it) and the browser would post the form as a plain page. A form React has hydrated
// (it has set its props on the element) is React's to handle and is left alone.
let awaited = 0
let held: { form: HTMLFormElement; submitter: HTMLElement | null; timer: number } | undefined
let letThrough = false
const hydrated = (form: HTMLFormElement) =>
  Object.keys(form).some((key) => key.startsWith('__reactProps$'))
function holdSubmit(event: SubmitEvent) {
  const form = event.target
  if (letThrough || awaited === 0 || held) return
  if (!(form instanceof HTMLFormElement) || hydrated(form)) return
  event.preventDefault()
  event.stopPropagation()
  held = { form, submitter: event.submitter, timer: window.setTimeout(() => sendHeld(true), 5000) }
}
function sendHeld(natively: boolean) {
  if (!held) return
  const { form, submitter, timer } = held
  held = undefined
  window.clearTimeout(timer)
  if (!form.isConnected) return
  letThrough = natively
  try {
    form.requestSubmit(submitter)
  } finally {
    letThrough = false
  }
}
if (typeof window !== 'undefined') window.addEventListener('submit', holdSubmit, true)

function firstUse() {
  return begun ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))
}

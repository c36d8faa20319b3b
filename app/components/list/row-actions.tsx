import { useFetchers, useLocation, useNavigate, useSubmit } from '@remix-run/react'
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  type ComponentProps,
  type ComponentPropsWithoutRef,
  type MouseEvent as ReactMouseEvent,
  type ReactNode,
  type RefObject,
} from 'react'
import { StatusButton } from '~/components/forms/button'
import { withBack } from '~/utils/misc'
import { listen } from './listen'
import { useStepHref, type UrlStep } from './url-step'

/**
 * A list's row links and row forms are plain `<a>` and `<form>` elements, and the list handles
 * them all in one place: with JavaScript a row link navigates in the app and a row form is sent
 * in place (as a fetcher), so the page keeps its scroll position and the focus stays in the row;
 * without JavaScript they are an ordinary link and form, and the action's redirect returns to the
 * row (`backToRow`). A router link or fetcher form per row resolved its path through the router on
 * every render, which cost a quarter of a list page's server time.
 */

/** The keys of the row forms being sent, which `RowForm` reads to show that it is busy. */
const Sending = createContext<ReadonlySet<string>>(new Set())

/** The fetcher key of a row form: its fields, so each row's action is told apart. */
function formKey(fields: Iterable<[string, unknown]>) {
  return `row:${new URLSearchParams([...fields].map(([k, v]) => [k, String(v)]))}`
}

/**
 * Handles the row links and row forms inside `box` (a list's table or cards), and provides which
 * row forms are being sent. A row link opens in the app (a detail page that returns to the list
 * takes the list along in its `?back=`: see `withBack`).
 */
export function useRowActions(box: RefObject<HTMLElement>) {
  const submit = useSubmit()
  const navigate = useNavigate()
  const act = useRef({ submit, navigate })
  act.current = { submit, navigate }

  useEffect(() => {
    const element = box.current
    if (!element) return
    const click = (event: MouseEvent) => {
      const link = (event.target as Element).closest?.<HTMLAnchorElement>('a[data-row-link]')
      // A step link opens its step itself (its own click handler runs after this one).
      if (!link || link.hasAttribute('data-row-step') || !element.contains(link)) return
      if (event.defaultPrevented || !isPlainClick(event)) return
      event.preventDefault()
      act.current.navigate(link.getAttribute('href')!)
    }
    const send = (event: SubmitEvent) => {
      const form = event.target as HTMLFormElement
      if (!form.hasAttribute('data-row-form') || event.defaultPrevented) return
      event.preventDefault()
      act.current.submit((event.submitter as HTMLButtonElement | null) ?? form, {
        navigate: false,
        fetcherKey: formKey(new FormData(form)),
        preventScrollReset: true,
      })
    }
    return listen(element, { click, submit: send })
  }, [box])

  const fetchers = useFetchers()
  const busy = fetchers
    .filter((f) => f.state !== 'idle' && f.key.startsWith('row:'))
    .map((f) => f.key)
    .join('\n')
  return useMemo(() => new Set(busy ? busy.split('\n') : []), [busy])
}

/** Provides what `useRowActions` returned to the rows' forms. */
export function RowActionsProvider({
  sending,
  children,
}: {
  sending: ReadonlySet<string>
  children: ReactNode
}) {
  return <Sending.Provider value={sending}>{children}</Sending.Provider>
}

/**
 * The form of a row's action (Reserve, Release, the switch, Enable/Disable): its fields as hidden
 * inputs, posted to the page's own URL. Its button is told whether the form is being sent.
 */
export function RowForm({
  fields,
  className,
  children,
}: {
  fields: Record<string, string | number>
  className?: string
  children: (pending: boolean) => ReactNode
}) {
  const pending = useContext(Sending).has(formKey(Object.entries(fields)))
  return (
    <form method="post" className={className} data-row-form="">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children(pending)}
    </form>
  )
}

/**
 * A row action that is one button (Reserve, Release, Enable): a RowForm with a small button that
 * shows while its form is being sent.
 */
export function RowButton({
  fields,
  ...button
}: { fields: Record<string, string | number> } & Omit<
  ComponentProps<typeof StatusButton>,
  'pending' | 'size'
>) {
  return (
    <RowForm fields={fields}>
      {(pending) => <StatusButton size="small" pending={pending} {...button} />}
    </RowForm>
  )
}

/** A click that opens the link here (a new tab or window keeps the link's own way). */
function isPlainClick(event: { button: number } & Pick<MouseEvent, ModifierKey>) {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey
}
type ModifierKey = 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey'

/**
 * A row's link to its detail page or next step. The route's code is looked up ahead, like a
 * router link's (`data-discover`), so the click does not wait for it.
 */
export function RowLink({ to, ...props }: { to: string } & ComponentPropsWithoutRef<'a'>) {
  return <a {...props} href={to} data-row-link="" data-discover="true" />
}

/**
 * A row's View link to its detail page (`label` names the row): it takes along the list's page in
 * `?back=` (filters included), so the detail page's Back returns to it, with JavaScript or without.
 */
export function ViewLink({ to, label }: { to: string; label: string }) {
  const { pathname, search } = useLocation()
  return (
    <RowLink to={withBack(to, pathname + search)} className="btn btn--small" aria-label={label}>
      View
    </RowLink>
  )
}

/**
 * A row's link to a step of this screen about the row, `opens` (`?remove=12`, `?rename=3`; see
 * url-step): `steps` are the screen's step parameters, which the link replaces. With JavaScript a
 * plain click calls `onOpen` instead, and the step opens in place.
 */
export function StepLink<Target extends UrlStep>({
  opens,
  steps,
  onOpen,
  ...props
}: {
  opens: Target
  steps: ReadonlyArray<string>
  onOpen: (target: Target) => void
} & Omit<ComponentPropsWithoutRef<'a'>, 'href' | 'onClick' | 'target'>) {
  const to = useStepHref(steps, opens)
  const open = (event: ReactMouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return
    event.preventDefault()
    onOpen(opens)
  }
  return <RowLink {...props} to={to} onClick={open} data-row-step="" />
}

/**
 * A row's checkbox for an admin list's bulk form (issue 30, `AdminBulkForm` in admin-bulk.tsx): it
 * belongs to the form below the table through `form=`. Here with the other row controls, so a
 * table that offers it (the products table, also a pm's) brings no other module for it.
 */
export function BulkBox({ form, value, label }: { form: string; value: string; label: string }) {
  return (
    <input
      type="checkbox"
      className="bulk-check"
      name="id"
      value={value}
      form={form}
      aria-label={`Select ${label}`}
    />
  )
}

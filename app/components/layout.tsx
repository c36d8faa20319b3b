import { Form, Link, NavLink, useLocation } from '@remix-run/react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import type { NavItem } from '~/models/permissions'
import { StatusButton } from './forms/button'
import { useIsPending } from './forms/use-is-pending'
import { useOutboxShell } from './outbox/outbox-gate'
import { KeyboardLayer, PaletteButton } from './keyboard/keyboard-layer'

type ShellUser = { name: string; avatarUrl: string }
type KeyboardUser = { id: number; role: string; shortcuts: boolean }

/**
 * The signed-in shell: "Skip to content" first, then on small screens a top bar whose Menu
 * control opens the sidebar as a right-hand drawer below it.
 *
 * Without JavaScript the drawer is a checkbox: Space opens and closes it, tapping beside it or its
 * Close button (a reset of the checkbox's form) closes it. With JavaScript Enter opens it too,
 * Escape and Close close it and give the focus back to Menu, and Tab stays within Menu and the
 * drawer while it is open.
 */
export function AppShell({
  user,
  nav,
  help,
  outboxOwner,
  children,
}: {
  user: ShellUser & KeyboardUser
  nav: NavItem[]
  /** Help, after Log Out, with JavaScript (issue 30). */
  help?: NavItem
  /** The user whose outbox this page shows and sends (a pm), issue 31. */
  outboxOwner?: number | null
  children: ReactNode
}) {
  const loggingOut = useIsPending({ formAction: '/logout' })
  // Fetched only when this user's outbox holds something (issue 31).
  const outbox = useOutboxShell(outboxOwner)
  const badge = outbox && outboxOwner ? <outbox.OutboxBadge owner={outboxOwner} /> : null
  const { open, setOpen, toggle, drawer } = useDrawer()
  return (
    <div className="shell">
      <a href="#content" className="skip-link">
        Skip to content
      </a>
      <form id="drawer-state" hidden onReset={() => setOpen(false)} />
      <input
        ref={toggle}
        type="checkbox"
        id="nav-toggle"
        form="drawer-state"
        className="nav-toggle"
        aria-label="Menu"
        aria-controls="sidebar"
        checked={open}
        onChange={(event) => setOpen(event.target.checked)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return
          event.preventDefault()
          setOpen(!open)
        }}
      />
      <header className="topbar">
        <UserBadge user={user} />
        {badge}
        <label htmlFor="nav-toggle" className="topbar__menu">
          <span className="sr-only">Menu</span>
          <span aria-hidden="true" className="burger" />
        </label>
      </header>
      <label htmlFor="nav-toggle" className="drawer-backdrop" aria-hidden="true" />
      <nav className="sidebar" id="sidebar" aria-label="Main" ref={drawer}>
        <button
          type="reset"
          form="drawer-state"
          className="drawer-close"
          onClick={() => toggle.current?.focus()}
        >
          Close menu
        </button>
        <ul className="sidebar__list">
          {nav.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className="sidebar__link" prefetch="intent">
                {item.label}
              </NavLink>
            </li>
          ))}
          <li>
            <Form method="post" action="/logout">
              <StatusButton
                variant="bare"
                className="sidebar__link sidebar__logout"
                pending={loggingOut}
              >
                Log Out
              </StatusButton>
            </Form>
          </li>
          {help ? <HelpEntry help={help} /> : null}
        </ul>
      </nav>
      {outbox && outboxOwner ? <outbox.OutboxSignOut owner={outboxOwner} /> : null}
      <div className="main">
        <header className="header">
          <PaletteButton />
          <UserBadge user={user} />
          {badge}
        </header>
        <main className="content" id="content" tabIndex={-1}>
          {children}
        </main>
      </div>
      <KeyboardLayer userId={user.id} role={user.role} shortcuts={user.shortcuts} />
    </div>
  )
}

/**
 * Help documents the keyboard shortcuts, which need JavaScript: its sidebar entry comes with it
 * (without JavaScript the sidebar stays the spec's; the profile links to Help). Its own component,
 * so showing it re-renders nothing else (a lazy part not yet loaded would lose its server HTML).
 */
function HelpEntry({ help }: { help: NavItem }) {
  const [withScript, setWithScript] = useState(false)
  useEffect(() => setWithScript(true), [])
  // In the page from the start, hidden: the router learns its route with the others' (no request
  // of its own when it shows).
  return (
    <li hidden={!withScript}>
      <NavLink to={help.to} className="sidebar__link" prefetch="intent">
        {help.label}
      </NavLink>
    </li>
  )
}

/** The drawer's open state, closed by a client-side navigation, with its keyboard handling. */
function useDrawer() {
  const [open, setOpen] = useState(false)
  const toggle = useRef<HTMLInputElement>(null)
  const drawer = useRef<HTMLElement>(null)
  const { pathname, search } = useLocation()
  useEffect(() => setOpen(false), [pathname, search])
  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false)
        toggle.current?.focus()
      } else if (event.key === 'Tab' && toggle.current && drawer.current) {
        // Menu and the drawer's controls, in order; Tab wraps around them.
        const ring = [
          toggle.current,
          ...drawer.current.querySelectorAll<HTMLElement>('a[href], button'),
        ]
        const at = ring.indexOf(document.activeElement as HTMLElement)
        const next = event.shiftKey ? (at <= 0 ? ring.length - 1 : at - 1) : (at + 1) % ring.length
        event.preventDefault()
        ring[next]?.focus()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [open])
  return { open, setOpen, toggle, drawer }
}

function UserBadge({ user }: { user: ShellUser }) {
  return (
    <div className="user-badge">
      <img src={user.avatarUrl} alt="" width={36} height={36} className="avatar avatar--sm" />
      <span className="user-badge__name">{user.name}</span>
    </div>
  )
}

/**
 * A screen with one view (a list): its panel, its heading for screen readers and its one tab
 * (the title in capitals unless told).
 */
export function ScreenPanel({
  title,
  tab = title.toUpperCase(),
  children,
}: {
  title: string
  tab?: string
  children: ReactNode
}) {
  return (
    <section className="panel">
      <h1 className="sr-only">{title}</h1>
      <PageTabs tabs={[{ label: tab, active: true }]} />
      {children}
    </section>
  )
}

/**
 * A tabbed screen's tabs (`?tab=<id>`): the user's tabs with their labels, and the one the URL
 * names, or `fallback` when it names none of the user's.
 */
export function pickTab<Tab extends string>(
  params: URLSearchParams,
  userTabs: ReadonlyArray<Tab>,
  labels: Record<Tab, string>,
  fallback: Tab,
) {
  return {
    tab: userTabs.find((t) => t === params.get('tab')) ?? fallback,
    tabs: userTabs.map((id) => ({ id, label: labels[id] })),
  }
}

/**
 * The screen's tabs: plain links to its views (`?tab=...`), the current one marked
 * `aria-current="page"`. A screen with one view names it the same way, as a link to itself.
 */
export function PageTabs({
  tabs,
}: {
  tabs: Array<{ label: string; to?: string; active: boolean }>
}) {
  const { pathname, search } = useLocation()
  const row = useRef<HTMLElement>(null)
  const current = tabs.findIndex((t) => t.active)
  // On a narrow screen the row scrolls sideways: the current tab is brought into view, and so is
  // a tab reached by Tab (the browser leaves one that is partly in view where it is).
  useEffect(() => {
    const tab = row.current?.querySelector('[aria-current]')
    if (row.current && tab) revealInRow(row.current, tab)
  }, [current])
  return (
    <nav
      className="tabs"
      aria-label="Sections"
      ref={row}
      onFocus={(event) => revealInRow(event.currentTarget, event.target)}
    >
      {tabs.map((t) => (
        <Link
          key={t.label}
          to={t.to ?? pathname + search}
          className={t.active ? 'tabs__tab tabs__tab--active' : 'tabs__tab'}
          aria-current={t.active ? 'page' : undefined}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  )
}

/** Scrolls the sideways-scrolling `row` just enough to show the whole of `item`. */
function revealInRow(row: HTMLElement, item: Element) {
  const box = row.getBoundingClientRect()
  const { left, right } = item.getBoundingClientRect()
  if (left < box.left) row.scrollLeft -= Math.ceil(box.left - left)
  else if (right > box.right) row.scrollLeft += Math.ceil(right - box.right)
}

import { Form, NavLink, useLocation } from '@remix-run/react'
import { useEffect, useRef, type ReactNode } from 'react'
import type { NavItem } from '~/models/permissions'
import { StatusButton } from './forms/button'
import { useIsPending } from './forms/use-is-pending'

type ShellUser = { name: string; avatarUrl: string }

/**
 * The signed-in shell. On small screens the sidebar is a right-hand drawer opened from the top
 * bar; the drawer is a checkbox toggle, so it works without JavaScript.
 */
export function AppShell({
  user,
  nav,
  children,
}: {
  user: ShellUser
  nav: NavItem[]
  children: ReactNode
}) {
  // With JavaScript, a client-side navigation closes the drawer (without it, the new page does).
  const toggle = useRef<HTMLInputElement>(null)
  const { pathname, search } = useLocation()
  const loggingOut = useIsPending({ formAction: '/logout' })
  useEffect(() => {
    if (toggle.current) toggle.current.checked = false
  }, [pathname, search])
  return (
    <div className="shell">
      <input
        ref={toggle}
        type="checkbox"
        id="nav-toggle"
        className="nav-toggle"
        aria-label="Open menu"
      />
      <header className="topbar">
        <UserBadge user={user} />
        <label htmlFor="nav-toggle" className="topbar__menu">
          <span className="sr-only">Menu</span>
          <span aria-hidden="true" className="burger" />
        </label>
      </header>
      <label htmlFor="nav-toggle" className="drawer-backdrop" aria-hidden="true" />
      <nav className="sidebar" aria-label="Main">
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
        </ul>
      </nav>
      <div className="main">
        <header className="header">
          <UserBadge user={user} />
        </header>
        <main className="content" id="content">
          {children}
        </main>
      </div>
    </div>
  )
}

function UserBadge({ user }: { user: ShellUser }) {
  return (
    <div className="user-badge">
      <img src={user.avatarUrl} alt="" width={36} height={36} className="avatar avatar--sm" />
      <span className="user-badge__name">{user.name}</span>
    </div>
  )
}

export function PageTabs({
  tabs,
}: {
  tabs: Array<{ label: string; to?: string; active: boolean }>
}) {
  return (
    <div className="tabs" role="tablist">
      {tabs.map((t) =>
        t.to && !t.active ? (
          <NavLink key={t.label} to={t.to} className="tabs__tab" role="tab" aria-selected={false}>
            {t.label}
          </NavLink>
        ) : (
          <span key={t.label} className="tabs__tab tabs__tab--active" role="tab" aria-selected>
            {t.label}
          </span>
        ),
      )}
    </div>
  )
}

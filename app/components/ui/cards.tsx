import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'

export function CountCard({
  label,
  count,
  to,
  children,
}: {
  label: string
  count: number
  to?: string
  children?: ReactNode
}) {
  const body = (
    <>
      <span className="card__label">{label}</span>
      <span className="card__count">{count.toLocaleString('en-US')}</span>
      {children}
    </>
  )
  return to ? (
    <Link to={to} className="card card--link" aria-label={`${label}: ${count}`}>
      {body}
    </Link>
  ) : (
    <div className="card">{body}</div>
  )
}

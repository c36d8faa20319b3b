import type { ButtonHTMLAttributes, ReactNode } from 'react'

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** `bare` keeps only the given className (the switch, the sidebar's Log Out). */
  variant?: 'default' | 'primary' | 'bare'
  size?: 'small'
  block?: boolean
}

export function Button({ variant = 'default', size, block, className, ...props }: ButtonProps) {
  const classes =
    variant === 'bare'
      ? [className]
      : [
          'btn',
          variant === 'primary' && 'btn--primary',
          size === 'small' && 'btn--small',
          block && 'btn--block',
          className,
        ]
  return <button type="button" {...props} className={classes.filter(Boolean).join(' ')} />
}

/**
 * Every submit button. While its form is being sent it is marked busy and inactive, and a second
 * press (or Enter in a field) is ignored, so it cannot send twice. It stays focusable meanwhile
 * (`aria-disabled`, not `disabled`, which would drop the focus to the page).
 */
export function StatusButton({
  pending,
  onClick,
  ...props
}: Omit<ButtonProps, 'type'> & { pending: boolean }) {
  return (
    <Button
      {...props}
      type="submit"
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      onClick={(event) => {
        if (pending) event.preventDefault()
        else onClick?.(event)
      }}
    />
  )
}

/** A form's row of actions: its primary submit button (pending while it posts), then others. */
export function SubmitRow({
  label,
  pending,
  className = 'form-actions',
  children,
}: {
  label: ReactNode
  pending: boolean
  className?: string
  children?: ReactNode
}) {
  return (
    <div className={className}>
      <StatusButton variant="primary" pending={pending}>
        {label}
      </StatusButton>
      {children}
    </div>
  )
}

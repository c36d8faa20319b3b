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
 * Every submit button: disabled and marked busy while its form is being sent, so a second click
 * cannot send it twice.
 */
export function StatusButton({
  pending,
  disabled,
  ...props
}: Omit<ButtonProps, 'type'> & { pending: boolean }) {
  return (
    <Button
      {...props}
      type="submit"
      disabled={disabled || pending}
      aria-busy={pending || undefined}
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

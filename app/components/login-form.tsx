import { Form, useSearchParams } from '@remix-run/react'
import { StatusButton } from '~/components/forms/button'
import { ErrorList, InputField } from '~/components/forms/fields'
import { useAppForm, type FormResult } from '~/components/forms/use-app-form'
import { useIsPending } from '~/components/forms/use-is-pending'
import { LOGIN_CHECKS } from '~/validation/user.checks'

/** The sign-in form (its own module: the browser loads the form code only when it is used). */
export function LoginForm({ lastResult }: { lastResult: FormResult }) {
  const [searchParams] = useSearchParams()
  const pending = useIsPending({ formAction: '/login' })
  const [form, fields] = useAppForm(LOGIN_CHECKS, { id: 'login', lastResult })
  return (
    <Form method="post" action="/login" {...form.props} className="stack">
      <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
      {/* A refused sign-in says why here too: the toast fades. */}
      <ErrorList id={form.errorId} errors={form.errors} />
      <InputField meta={fields.email} label="Email" type="email" autoComplete="email" />
      <InputField
        meta={fields.password}
        label="Password"
        type="password"
        autoComplete="current-password"
      />
      <StatusButton variant="primary" block pending={pending}>
        Sign In
      </StatusButton>
    </Form>
  )
}

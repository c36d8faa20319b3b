import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useSearchParams } from '@remix-run/react'
import { StatusButton } from '~/components/forms/button'
import { InputField } from '~/components/forms/fields'
import { useAppForm } from '~/components/forms/use-app-form'
import { useIsPending } from '~/components/forms/use-is-pending'
import { STATUS_BY_CODE } from '~/api/errors'
import { authenticator, redirectSignedIn, requireAnonymous, SignInError } from '~/utils/auth.server'
import { dataWithToast } from '~/utils/toast.server'
import { LoginSchema } from '~/validation/user'
import { refusedReply } from '~/components/forms/reply.server'
import { readForm } from '~/utils/upload.server'

export const meta: MetaFunction = () => [{ title: 'Sign in' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request)
  return null
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args
  await requireAnonymous(request)
  const formData = await readForm(request.clone())
  const submission = parseWithZod(formData, { schema: LoginSchema })
  if (submission.status !== 'success') {
    return data({ result: refusedReply(submission, { hide: ['password'] }) }, { status: 400 })
  }
  try {
    // The same sign-in check as the API, through remix-auth's form strategy.
    const signedIn = await authenticator.authenticate('form', request)
    return await redirectSignedIn(signedIn, submission.value.redirectTo)
  } catch (error) {
    if (!(error instanceof SignInError)) throw error
    return dataWithToast(
      args,
      { result: refusedReply(submission, { hide: ['password'] }) },
      { type: 'error', message: error.message },
      { status: STATUS_BY_CODE[error.failure.code] },
    )
  }
}

export default function LoginPage() {
  const actionData = useActionData<typeof action>()
  const [searchParams] = useSearchParams()
  const pending = useIsPending({ formAction: '/login' })
  const [form, fields] = useAppForm(LoginSchema, { id: 'login', lastResult: actionData?.result })

  return (
    <main className="auth">
      <div className="auth__card">
        <h1 className="auth__title">Sign in</h1>
        <p className="auth__lead">Sign in with your email and password.</p>
        <Form method="post" action="/login" {...getFormProps(form)} className="stack">
          <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
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
        <p className="auth__switch">
          Don&apos;t have an account? <Link to="/register">Register</Link>
        </p>
      </div>
    </main>
  )
}

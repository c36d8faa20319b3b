import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useNavigation, useSearchParams } from '@remix-run/react'
import { STATUS_BY_CODE } from '~/api/errors'
import { Field, formConstraint } from '~/components/forms'
import { Toaster } from '~/components/ui/toaster'
import { authenticator, requireAnonymous, redirectSignedIn, SignInError } from '~/utils/auth.server'
import { makeToast } from '~/utils/toast.server'
import { LoginSchema } from '~/validation/user'

export const meta: MetaFunction = () => [{ title: 'Sign in' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request)
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request)
  const formData = await request.clone().formData()
  const submission = parseWithZod(formData, { schema: LoginSchema })
  if (submission.status !== 'success') {
    return data(
      { result: submission.reply({ hideFields: ['password'] }), toast: null },
      { status: 400 },
    )
  }
  try {
    const signedIn = await authenticator.authenticate('form', request)
    return await redirectSignedIn(signedIn, submission.value.redirectTo)
  } catch (error) {
    if (!(error instanceof SignInError)) throw error
    return data(
      {
        result: submission.reply({ hideFields: ['password'] }),
        toast: makeToast('error', error.message),
      },
      { status: STATUS_BY_CODE[error.failure.code] },
    )
  }
}

export default function LoginPage() {
  const actionData = useActionData<typeof action>()
  const [searchParams] = useSearchParams()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'login',
    lastResult: actionData?.result,
    constraint: formConstraint(LoginSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
  })

  return (
    <main className="auth">
      <div className="auth__card">
        <h1 className="auth__title">Sign in</h1>
        <p className="auth__lead">Sign in with your email and password.</p>
        <Form method="post" action="/login" {...getFormProps(form)} className="stack">
          <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
          <Field
            label="Email"
            inputProps={{
              ...getInputProps(fields.email, { type: 'email' }),
              autoComplete: 'email',
            }}
            errors={fields.email.errors}
          />
          <Field
            label="Password"
            inputProps={{
              ...getInputProps(fields.password, { type: 'password' }),
              autoComplete: 'current-password',
            }}
            errors={fields.password.errors}
          />
          <button
            type="submit"
            className="btn btn--primary btn--block"
            disabled={navigation.state === 'submitting'}
          >
            Sign In
          </button>
        </Form>
        <p className="auth__switch">
          Don&apos;t have an account? <Link to="/register">Register</Link>
        </p>
      </div>
      <Toaster toast={actionData?.toast} />
    </main>
  )
}

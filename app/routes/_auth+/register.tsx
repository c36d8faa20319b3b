import { parseWithZod } from '@conform-to/zod'
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Link } from '@remix-run/react'
import { clientLazy } from '~/components/client-lazy'
import { useFormAnswer } from '~/components/forms/form-answer'
import { STATUS_BY_CODE } from '~/utils/http-errors'
import { fieldErrorsOf } from '~/core/result'
import { createSession } from '~/models/session.server'
import { registerUser } from '~/models/user.server'
import { redirectSignedIn, requireAnonymous } from '~/utils/auth.server'
import { dataWithToast } from '~/utils/toast.server'
import { clientAddress } from '~/utils/request.server'
import { RegisterSchema } from '~/validation/user'
import { refusedReply } from '~/components/forms/reply.server'
import { readForm } from '~/utils/upload.server'

// The form brings the form code: the browser loads it once the page is used.
const RegisterForm = clientLazy(() =>
  import('~/components/register-form').then((m) => m.RegisterForm),
)

export const meta: MetaFunction = () => [{ title: 'Register' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request)
  return null
}

/** Spec section 8: a failed registration; said in a toast and in the form. */
const REGISTER_FAILED = 'Please try again later!'

export async function action(args: ActionFunctionArgs) {
  const { request } = args
  await requireAnonymous(request)
  const formData = await readForm(request)
  const submission = parseWithZod(formData, { schema: RegisterSchema })
  if (submission.status !== 'success') {
    return data(
      { result: refusedReply(submission, RegisterSchema, { hide: ['password'] }) },
      { status: 400 },
    )
  }
  // A refusal of the whole form (no field to blame): said in the form and as a toast.
  const refusedWithToast = (message: string, status: number) =>
    dataWithToast(
      args,
      {
        result: refusedReply(submission, RegisterSchema, {
          hide: ['password'],
          formErrors: [message],
        }),
      },
      { type: 'error', message },
      { status },
    )
  let created: Awaited<ReturnType<typeof registerUser>>
  try {
    created = await registerUser(submission.value, clientAddress(args.request))
  } catch (error) {
    console.error(error)
    return refusedWithToast(REGISTER_FAILED, 500)
  }
  if (!created.ok && created.code === 'throttled') {
    return refusedWithToast(created.message, STATUS_BY_CODE[created.code])
  }
  if (!created.ok) {
    // An email in use: an error on the Email field.
    return data(
      {
        result: refusedReply(submission, RegisterSchema, {
          hide: ['password'],
          fieldErrors: fieldErrorsOf(created),
        }),
      },
      { status: STATUS_BY_CODE[created.code] },
    )
  }
  return redirectSignedIn({ user: created.user, ...createSession(created.user.id) }, '/dashboard', {
    type: 'success',
    message: 'User registered successfully',
  })
}

export default function RegisterPage() {
  const lastResult = useFormAnswer()
  return (
    <main className="auth">
      <div className="auth__card auth__card--wide">
        <h1 className="auth__title">Register</h1>
        <p className="auth__lead">Create your account.</p>
        <RegisterForm lastResult={lastResult} />
        <p className="auth__switch">
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      </div>
    </main>
  )
}

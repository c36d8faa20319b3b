import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData } from '@remix-run/react'
import { StatusButton } from '~/components/forms/button'
import { InputField, SelectInput } from '~/components/forms/fields'
import { useAppForm } from '~/components/forms/use-app-form'
import { useIsPending } from '~/components/forms/use-is-pending'
import { STATUS_BY_CODE } from '~/api/errors'
import { fieldErrorsOf } from '~/models/result'
import { createSession } from '~/models/session.server'
import { registerUser } from '~/models/user.server'
import { redirectSignedIn, requireAnonymous } from '~/utils/auth.server'
import { dataWithToast } from '~/utils/toast.server'
import { RegisterSchema, ROLE_CHOICES } from '~/validation/user'
import { refusedReply } from '~/components/forms/reply.server'
import { readForm } from '~/utils/upload.server'

export const meta: MetaFunction = () => [{ title: 'Register' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request)
  return null
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args
  await requireAnonymous(request)
  const formData = await readForm(request)
  const submission = parseWithZod(formData, { schema: RegisterSchema })
  if (submission.status !== 'success') {
    return data({ result: refusedReply(submission, { hide: ['password'] }) }, { status: 400 })
  }
  let created: Awaited<ReturnType<typeof registerUser>>
  try {
    created = await registerUser(submission.value)
  } catch (error) {
    console.error(error)
    return dataWithToast(
      args,
      { result: refusedReply(submission, { hide: ['password'] }) },
      { type: 'error', message: 'Please try again later!' },
      { status: 500 },
    )
  }
  if (!created.ok) {
    // An email in use: an error on the Email field.
    return data(
      {
        result: refusedReply(submission, {
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
  const actionData = useActionData<typeof action>()
  const pending = useIsPending()
  const [form, fields] = useAppForm(RegisterSchema, {
    id: 'register',
    lastResult: actionData?.result,
  })

  return (
    <main className="auth">
      <div className="auth__card auth__card--wide">
        <h1 className="auth__title">Register</h1>
        <p className="auth__lead">Create your account.</p>
        <Form method="post" {...getFormProps(form)} className="grid-2">
          <InputField meta={fields.name} label="Full Name" autoComplete="name" />
          <InputField meta={fields.email} label="Email" type="email" autoComplete="email" />
          <InputField
            meta={fields.password}
            label="Password"
            type="password"
            autoComplete="new-password"
          />
          <InputField meta={fields.cnic} label="CNIC" inputMode="numeric" />
          <InputField meta={fields.address} label="Address" autoComplete="street-address" />
          <SelectInput
            meta={fields.role}
            label="Role"
            choices={ROLE_CHOICES}
            placeholder="Select a role"
          />
          <InputField meta={fields.city} label="City" autoComplete="address-level2" />
          <InputField meta={fields.country} label="Country" autoComplete="country-name" />
          <InputField meta={fields.phone} label="Phone" type="tel" autoComplete="tel" />
          <div className="grid-2__full">
            <StatusButton variant="primary" block pending={pending}>
              Register
            </StatusButton>
          </div>
        </Form>
        <p className="auth__switch">
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      </div>
    </main>
  )
}

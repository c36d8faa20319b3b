import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useNavigation } from '@remix-run/react'
import { Field, SelectField, formConstraint } from '~/components/forms'
import { Toaster } from '~/components/ui/toaster'
import { STATUS_BY_CODE } from '~/api/errors'
import { fieldErrorsOf } from '~/models/result'
import { createSession } from '~/models/session.server'
import { registerUser } from '~/models/user.server'
import { redirectSignedIn, requireAnonymous } from '~/utils/auth.server'
import { RegisterSchema, ROLE_CHOICES } from '~/validation/user'

export const meta: MetaFunction = () => [{ title: 'Register' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request)
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request)
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: RegisterSchema })
  if (submission.status !== 'success') {
    return data(
      { result: submission.reply({ hideFields: ['password'] }), toast: null },
      { status: 400 },
    )
  }
  const created = await registerUser(submission.value)
  if (created.ok) {
    return redirectSignedIn(
      { user: created.user, ...createSession(created.user.id) },
      '/dashboard',
      {
        type: 'success',
        message: 'User registered successfully',
      },
    )
  }
  return data(
    {
      result: submission.reply({ hideFields: ['password'], fieldErrors: fieldErrorsOf(created) }),
      toast: null,
    },
    { status: STATUS_BY_CODE[created.code] },
  )
}

export default function RegisterPage() {
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'register',
    lastResult: actionData?.result,
    constraint: formConstraint(RegisterSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RegisterSchema }),
  })

  return (
    <main className="auth">
      <div className="auth__card auth__card--wide">
        <h1 className="auth__title">Register</h1>
        <p className="auth__lead">Create your account.</p>
        <Form method="post" {...getFormProps(form)} className="grid-2">
          <Field
            label="Full Name"
            inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name' }}
            errors={fields.name.errors}
          />
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
              autoComplete: 'new-password',
            }}
            errors={fields.password.errors}
          />
          <Field
            label="CNIC"
            inputProps={{ ...getInputProps(fields.cnic, { type: 'text' }), inputMode: 'numeric' }}
            errors={fields.cnic.errors}
          />
          <Field
            label="Address"
            inputProps={{
              ...getInputProps(fields.address, { type: 'text' }),
              autoComplete: 'street-address',
            }}
            errors={fields.address.errors}
          />
          <SelectField
            label="Role"
            selectProps={getSelectProps(fields.role)}
            options={ROLE_CHOICES}
            placeholder="Select a role"
            errors={fields.role.errors}
          />
          <Field
            label="City"
            inputProps={{
              ...getInputProps(fields.city, { type: 'text' }),
              autoComplete: 'address-level2',
            }}
            errors={fields.city.errors}
          />
          <Field
            label="Country"
            inputProps={{
              ...getInputProps(fields.country, { type: 'text' }),
              autoComplete: 'country-name',
            }}
            errors={fields.country.errors}
          />
          <Field
            label="Phone"
            inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'tel' }}
            errors={fields.phone.errors}
          />
          <div className="grid-2__full">
            <button
              type="submit"
              className="btn btn--primary btn--block"
              disabled={navigation.state === 'submitting'}
            >
              Register
            </button>
          </div>
        </Form>
        <p className="auth__switch">
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      </div>
      <Toaster toast={actionData?.toast} />
    </main>
  )
}

import { Form } from '@remix-run/react'
import { StatusButton } from '~/components/forms/button'
import { ErrorList, InputField, SelectInput } from '~/components/forms/fields'
import { useAppForm, type FormResult } from '~/components/forms/use-app-form'
import { useIsPending } from '~/components/forms/use-is-pending'
import { REGISTER_CHECKS, ROLE_CHOICES } from '~/validation/user.checks'

/** The registration form (its own module: the browser loads the form code only when it is used). */
export function RegisterForm({ lastResult }: { lastResult: FormResult }) {
  const pending = useIsPending()
  const [form, fields] = useAppForm(REGISTER_CHECKS, { id: 'register', lastResult })
  return (
    <Form method="post" {...form.props} className="grid-2">
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
        <ErrorList id={form.errorId} errors={form.errors} />
        <StatusButton variant="primary" block pending={pending}>
          Register
        </StatusButton>
      </div>
    </Form>
  )
}

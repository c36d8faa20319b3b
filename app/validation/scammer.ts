import { z } from 'zod'
import { withoutControlCharacters } from './text'

export const SCAMMER_EMAIL_MAX = 254
export const SCAMMER_REASON_MAX = 500

const EMAIL_REQUIRED = 'Please enter email.'
const REASON_REQUIRED = 'Please enter a reason.'

/**
 * A report for the Scammer PayPal list (the page's add form and `POST /api/v1/scammer/`). The
 * email's messages are the register form's (spec section 5); it is trimmed and lower-cased, as the
 * list compares emails without regard to case.
 */
export const ScammerSchema = z.object({
  email: withoutControlCharacters(
    z
      .string({ required_error: EMAIL_REQUIRED, invalid_type_error: EMAIL_REQUIRED })
      .trim()
      .min(1, EMAIL_REQUIRED)
      .max(SCAMMER_EMAIL_MAX, `Email must be at most ${SCAMMER_EMAIL_MAX} characters.`),
  ).pipe(
    z
      .string()
      .email('Email must be valid email.')
      .transform((e) => e.toLowerCase()),
  ),
  reason: withoutControlCharacters(
    z
      .string({ required_error: REASON_REQUIRED, invalid_type_error: REASON_REQUIRED })
      .trim()
      .min(1, REASON_REQUIRED)
      .max(SCAMMER_REASON_MAX, `The reason must be at most ${SCAMMER_REASON_MAX} characters.`),
  ),
})

export type ScammerInput = z.infer<typeof ScammerSchema>

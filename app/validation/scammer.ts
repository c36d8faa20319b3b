import { z } from 'zod'
import { SCAMMER_EMAIL_MAX, SCAMMER_MESSAGES as M, SCAMMER_REASON_MAX } from './scammer.checks'
import { withoutControlCharacters } from './text'

/**
 * A report for the Scammer PayPal list (the page's add form and `POST /api/v1/scammer/`). It is
 * trimmed and lower-cased, as the list compares emails without regard to case.
 */
export const ScammerSchema = z.object({
  email: withoutControlCharacters(
    z
      .string({ required_error: M.email, invalid_type_error: M.email })
      .trim()
      .min(1, M.email)
      .max(SCAMMER_EMAIL_MAX, M.emailTooLong),
  ).pipe(
    z
      .string()
      .email(M.emailInvalid)
      .transform((e) => e.toLowerCase()),
  ),
  reason: withoutControlCharacters(
    z
      .string({ required_error: M.reason, invalid_type_error: M.reason })
      .trim()
      .min(1, M.reason)
      .max(SCAMMER_REASON_MAX, M.reasonTooLong),
  ),
})

export type ScammerInput = z.infer<typeof ScammerSchema>

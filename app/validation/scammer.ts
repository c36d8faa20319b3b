import { z } from 'zod'
import { SCAMMER_EMAIL_MAX, SCAMMER_MESSAGES as M, SCAMMER_REASON_MAX } from './scammer.checks'
import { requiredText } from './text'

/**
 * A report for the Scammer PayPal list (the page's add form and `POST /api/v1/scammer/`). It is
 * trimmed and lower-cased, as the list compares emails without regard to case.
 */
export const ScammerSchema = z.object({
  email: requiredText(M.email, SCAMMER_EMAIL_MAX, M.emailTooLong).pipe(
    z
      .string()
      .email(M.emailInvalid)
      .transform((e) => e.toLowerCase()),
  ),
  reason: requiredText(M.reason, SCAMMER_REASON_MAX, M.reasonTooLong),
})

export type ScammerInput = z.infer<typeof ScammerSchema>

import { email, text, type FormChecks } from './check'

export const SCAMMER_EMAIL_MAX = 254
export const SCAMMER_REASON_MAX = 500
// The email's messages are the register form's (spec section 5).
export const SCAMMER_MESSAGES = {
  email: 'Please enter email.',
  emailTooLong: `Email must be at most ${SCAMMER_EMAIL_MAX} characters.`,
  emailInvalid: 'Email must be valid email.',
  reason: 'Please enter a reason.',
  reasonTooLong: `The reason must be at most ${SCAMMER_REASON_MAX} characters.`,
} as const
const M = SCAMMER_MESSAGES

export const SCAMMER_CHECKS = {
  fields: {
    email: text(M.email, [SCAMMER_EMAIL_MAX, M.emailTooLong], email(M.emailInvalid)),
    reason: text(M.reason, [SCAMMER_REASON_MAX, M.reasonTooLong]),
  },
} satisfies FormChecks

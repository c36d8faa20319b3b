import type { Submission, SubmissionResult } from '@conform-to/react'

/** Submitted values longer than this are not sent back to re-fill a refused form. */
export const ECHO_LIMIT = 1000

/**
 * The answer to a refused form: its errors and the typed values, so nothing is lost, except the
 * fields named in `hide` (a password, pictures) and any value too long to send back (a form
 * re-renders what was submitted, and a huge paste would be echoed in the page and its data).
 */
export function refusedReply(
  submission: Submission<unknown>,
  options: { hide?: string[]; fieldErrors?: Record<string, string[]> } = {},
): SubmissionResult<string[]> {
  const tooLong = Object.entries(submission.payload)
    .filter(([, value]) =>
      (Array.isArray(value) ? value : [value]).some(
        (v) => typeof v === 'string' && v.length > ECHO_LIMIT,
      ),
    )
    .map(([name]) => name)
  return submission.reply({
    hideFields: [...(options.hide ?? []), ...tooLong],
    fieldErrors: options.fieldErrors,
  })
}

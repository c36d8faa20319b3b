import type { SubmissionResult } from '@conform-to/react'
import { useActionData } from '@remix-run/react'

/** What a page's action answers a refused form with (submitForm's `{ result, form }`). */
export type FormAnswer = { result?: SubmissionResult<string[]>; form?: string }

/**
 * The refused result for one form of the page: `formId` is the one given to submitForm (none on a
 * page with one form). Another form's answer, or any other answer, is not this form's.
 */
export function answerFor(answer: unknown, formId?: string) {
  if (typeof answer !== 'object' || answer === null || !('result' in answer)) return undefined
  const { result, form } = answer as FormAnswer
  return form === formId ? result : undefined
}

/** Which form on this screen answered: the action's result if it was `formId` (see answerFor). */
export function useFormAnswer(formId?: string) {
  return answerFor(useActionData<unknown>(), formId)
}

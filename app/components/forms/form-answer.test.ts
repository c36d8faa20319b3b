import { describe, expect, test } from 'vitest'
import { answerFor } from './form-answer'

const refused = { status: 'error', error: { status: ['Please choose a status.'] } } as const

describe('answerFor: which form on the screen answered', () => {
  test("a form gets its own refusal, never another form's", () => {
    const answer = { result: refused, form: 'status' }
    expect(answerFor(answer, 'status')).toEqual(refused)
    expect(answerFor(answer, 'update')).toBeUndefined()
  })

  test("a page with one form (no formId) gets the answer; an answer that is no form's, nothing", () => {
    expect(answerFor({ result: refused }, undefined)).toEqual(refused)
    expect(answerFor({ result: refused }, 'update')).toBeUndefined()
    expect(answerFor({ upload: { kind: 'order', error: 'Too big' } }, undefined)).toBeUndefined()
    expect(answerFor(undefined, undefined)).toBeUndefined()
  })
})

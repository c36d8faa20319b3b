import { parseWithZod } from '@conform-to/zod'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { LoginSchema } from '~/validation/user'
import { fail, failFields } from '~/core/result'
import { ECHO_LIMIT, refusedReply, submitForm } from './reply.server'

const formOf = (entries: Array<[string, string]>) => {
  const form = new FormData()
  for (const [name, value] of entries) form.append(name, value)
  return form
}

describe('a refused form echoes only what its schema declares', () => {
  test('undeclared fields are not sent back; declared ones are (the password never)', () => {
    const extra = Array.from({ length: 500 }, (_, i): [string, string] => [`f${i}`, '1'])
    const form = formOf([['email', 'not-an-email'], ['password', 'secret1'], ...extra])
    const submission = parseWithZod(form, { schema: LoginSchema })
    const reply = refusedReply(submission, LoginSchema, { hide: ['password'] })
    expect(reply.initialValue).toEqual({ email: 'not-an-email' })
    expect(reply.fields).toEqual(['email', 'password'])
    expect(reply.error).toEqual({ email: ['Email must be valid email.'] })
  })

  test('a declared field sent many times is not echoed past the echo limit', () => {
    const many = Array.from({ length: 600 }, (): [string, string] => ['email', 'abc'])
    const submission = parseWithZod(formOf(many), { schema: LoginSchema })
    const reply = refusedReply(submission, LoginSchema)
    expect(JSON.stringify(reply.initialValue ?? {}).length).toBeLessThan(ECHO_LIMIT)
  })

  test('schemas wrapped in refinements, pipes and unions still name their fields', () => {
    const schema = z
      .union([z.object({ a: z.string() }), z.object({ b: z.string() }).strict()])
      .refine(() => false, 'no')
    const form = formOf([
      ['a', '1'],
      ['b', '2'],
      ['c', '3'],
    ])
    const reply = refusedReply(parseWithZod(form, { schema }), schema)
    expect(reply.initialValue).toEqual({ a: '1', b: '2' })
  })
})

describe('a refusal told in a toast is also said on the form', () => {
  const schema = z.object({ status: z.string() })
  const args = { request: new Request('http://localhost/x', { method: 'POST' }), context: {} }
  const toast = 'Error updating order. Please try again.'
  const answer = async (run: () => ReturnType<typeof fail>, message?: string) => {
    const response = (await submitForm(formOf([['status', 'commission']]), schema, {
      run,
      done: () => new Response(null),
      refusedToast: { args, message: message ?? toast },
    })) as unknown as { data: { result: { error?: Record<string, string[] | null> } } }
    return response.data.result.error ?? {}
  }

  test("the toast's message is the form's error, next to the field's own", async () => {
    const error = await answer(() => fail('forbidden', 'You cannot choose this status.', 'status'))
    expect(error.status).toEqual(['You cannot choose this status.'])
    expect(error['']).toEqual([toast])
  })

  test('a message a field already says is not said twice', async () => {
    const listed = 'This customer email is on the scammer list.'
    const error = await answer(() => failFields('conflict', { status: [listed] }), listed)
    expect(error.status).toEqual([listed])
    expect(error['']).toBeUndefined()
  })
})

import { afterEach, describe, expect, test, vi } from 'vitest'
import { METHOD_NOT_ALLOWED_TEXT } from './components/error-boundary'
import { handleError } from './entry.server'

const context = { requestId: 'ab12cd34' }
const post = (path: string) =>
  new Request(`http://localhost${path}?secret=1`, { method: 'POST', body: 'a=1' })

/** The router's own 405, as Remix makes it for a POST to a page without an action. */
const routerError = (status: number, text: string) => ({
  status,
  statusText: 'Method Not Allowed',
  internal: true,
  data: `Error: ${text}`,
  error: new Error(text),
})

afterEach(() => {
  vi.restoreAllMocks()
})

describe('handleError', () => {
  test('logs an unexpected error once, on one line, with the request id and no stack', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    handleError(new TypeError('Cannot read properties of undefined\n  (reading "x")'), {
      request: post('/activeProducts'),
      context,
    })
    expect(log).toHaveBeenCalledTimes(1)
    expect(log.mock.calls[0]).toEqual([
      '[ab12cd34] POST /activeProducts TypeError: Cannot read properties of undefined (reading "x")',
    ])
  })

  test('expected 4xx answers are not logged, and say our words, not the framework’s', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const noAction = routerError(
      405,
      'You made a POST request to "/dashboard" but did not provide an `action` for route "routes/_app+/dashboard"',
    )
    handleError(noAction, { request: post('/dashboard'), context })
    expect(noAction.data).toBe(METHOD_NOT_ALLOWED_TEXT)
    const badData = {
      ...routerError(403, 'Route "x" does not match URL "/login"'),
      statusText: 'Forbidden',
    }
    handleError(badData, { request: post('/login'), context })
    expect(badData.data).toBe('This request is not allowed.')
    handleError(
      new Error(
        'Warning: Single fetch-enabled apps should not be making ?_data requests, this is likely to break in the future',
      ),
      { request: post('/login'), context },
    )
    expect(log).not.toHaveBeenCalled()
  })

  test('an aborted request is not logged', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const controller = new AbortController()
    controller.abort()
    handleError(new Error('aborted'), {
      request: new Request('http://localhost/x', { signal: controller.signal }),
      context,
    })
    expect(log).not.toHaveBeenCalled()
  })
})

/**
 * Calls a route's loader or action the way Remix does and normalises what comes back (a returned
 * or thrown Response, `data()`, or a plain value) into status, headers and body.
 */
import type { AppLoadContext } from '@remix-run/node'
import { expect } from 'vitest'
import { DATA_REQUEST_HEADER } from '~/utils/request.server'

type RouteFn = (args: {
  request: Request
  params: Record<string, string | undefined>
  context: AppLoadContext
}) => unknown

export type RouteResult = {
  status: number
  headers: Headers
  location: string | null
  data: any // eslint-disable-line @typescript-eslint/no-explicit-any
}

function isDataWithInit(
  value: unknown,
): value is { type: string; data: unknown; init: ResponseInit | null } {
  return Boolean(
    value &&
    typeof value === 'object' &&
    (value as { type?: string }).type === 'DataWithResponseInit',
  )
}

async function normalise(value: unknown): Promise<RouteResult> {
  if (value instanceof Response) {
    const text = await value.text()
    let data: unknown = text
    try {
      data = JSON.parse(text)
    } catch {
      // not JSON
    }
    return {
      status: value.status,
      headers: value.headers,
      location: value.headers.get('Location'),
      data,
    }
  }
  if (isDataWithInit(value)) {
    const headers = new Headers(value.init?.headers)
    return { status: value.init?.status ?? 200, headers, location: null, data: value.data }
  }
  return { status: 200, headers: new Headers(), location: null, data: value }
}

export async function call(
  fn: RouteFn | undefined,
  request: Request,
  params: Record<string, string> = {},
) {
  if (!fn) throw new Error('route has no such export')
  try {
    return await normalise(await fn({ request, params, context: {} }))
  } catch (thrown) {
    if (thrown instanceof Response || isDataWithInit(thrown)) return normalise(thrown)
    throw thrown
  }
}

const BASE = 'http://localhost'

/**
 * Forms are posted as the hydrated app posts them (a Remix data request, as the server marks
 * `/path.data`), so a refused form's toast comes back flashed in a cookie. The no-JavaScript
 * path, where the same response renders it, is covered by the browser tests.
 */
const fromTheApp = { [DATA_REQUEST_HEADER]: '1' }

export function formRequest(path: string, fields: Record<string, string>, cookie?: string) {
  return new Request(BASE + path, {
    method: 'POST',
    headers: {
      ...fromTheApp,
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  })
}

export function jsonRequest(
  path: string,
  body: unknown,
  init: { method?: string; token?: string; cookie?: string } = {},
) {
  return new Request(BASE + path, {
    method: init.method ?? 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      ...(init.cookie ? { Cookie: init.cookie } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

export function getRequest(path: string, init: { cookie?: string; token?: string } = {}) {
  return new Request(BASE + path, {
    headers: {
      ...(init.cookie ? { Cookie: init.cookie } : {}),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
  })
}

export function multipartRequest(path: string, form: FormData, cookie?: string) {
  return new Request(BASE + path, {
    method: 'POST',
    headers: { ...fromTheApp, ...(cookie ? { Cookie: cookie } : {}) },
    body: form,
  })
}

/** The cookie a browser would send back after this response. */
export function cookieFrom(result: RouteResult) {
  const setCookie = result.headers.getSetCookie?.() ?? []
  return setCookie.map((c) => c.split(';')[0]).join('; ')
}

/** Conform's reply: the field errors a form would show. */
export function fieldErrors(result: RouteResult): Record<string, string[]> {
  return result.data?.result?.error ?? {}
}

/** The toast a response flashed (a redirect, or a refused form's answer), as the root shows it. */
export async function flashedToast(result: RouteResult) {
  const { getToast } = await import('~/utils/toast.server')
  const request = new Request(BASE + '/', { headers: { Cookie: cookieFrom(result) } })
  return (await getToast(request)).toast
}

/** The answer redirected to `location` and flashed this toast. */
export async function expectRedirectWithToast(
  result: RouteResult,
  location: string,
  toast: { type: 'success' | 'error' | 'info'; message: string },
) {
  expect(result.status).toBe(302)
  expect(result.location).toBe(location)
  expect(await flashedToast(result)).toMatchObject(toast)
}

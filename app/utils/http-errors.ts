import type { ErrorCode } from '~/core/result'

/** The one table from a model's refusal to the API's HTTP status. */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  invalid: 400,
  invalid_credentials: 401,
  forbidden: 403,
  disabled: 403,
  deleted: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  throttled: 429,
  unprocessable: 422,
}

export const API_MESSAGES = {
  signIn: 'Please sign in first.',
  forbidden: 'You are not allowed to do this.',
  method: 'This method is not allowed here.',
  notFound: 'No such API endpoint.',
  tooLarge: 'The request body is too large.',
  json: 'The request body must be a JSON object.',
  multipart: 'The multipart form could not be read.',
  serverError: 'Something went wrong on our side. Please try again in a moment.',
} as const

/** Every API error: `{ success: false, message }` (plus `errors` by field) with a 4xx status. */
export function apiError(
  status: number,
  message: string,
  extra: { errors?: Record<string, string[]>; headers?: HeadersInit } = {},
) {
  const body = extra.errors
    ? { success: false, message, errors: extra.errors }
    : { success: false, message }
  return Response.json(body, { status, headers: extra.headers })
}

import type { ZodError } from 'zod'
import { parseProductId } from '~/validation/product'

/** Every API error has this shape and a 4xx status; never a stack trace. */
export function apiError(status: number, message: string, extra: Record<string, unknown> = {}) {
  return Response.json({ success: false, message, ...extra }, { status })
}

/** A successful API answer. */
export function apiJson(body: unknown, status = 200) {
  return Response.json(body, { status })
}

export const methodNotAllowed = () => apiError(405, 'This method is not allowed here.')

/** Reads a JSON (or form) body as a plain object; a malformed body is a 400, not a 500. */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('Content-Type') ?? ''
  if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    return Object.fromEntries(await request.formData())
  }
  const text = await request.text()
  if (!text.trim()) return {}
  try {
    const value: unknown = JSON.parse(text)
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return value as Record<string, unknown>
    }
  } catch {
    // fall through
  }
  throw apiError(400, 'The request body must be a JSON object.')
}

/** A validation failure: the first message, and every message by field. */
export function validationError(error: ZodError, status = 400) {
  const fieldErrors = error.flatten().fieldErrors as Record<string, string[]>
  const first = error.issues[0]?.message ?? 'Invalid request.'
  return apiError(status, first, { errors: fieldErrors })
}

/** A 405 naming, in the Allow header, the methods this path does answer. */
export function methodNotAllowedFor(...allowed: string[]) {
  return Response.json(
    { success: false, message: 'This method is not allowed here.' },
    { status: 405, headers: { Allow: allowed.join(', ') } },
  )
}

/** Throws a JSON 405 unless the request uses one of `allowed` (HEAD counts as GET). */
export function requireMethod(request: Request, ...allowed: string[]) {
  const method = request.method === 'HEAD' ? 'GET' : request.method.toUpperCase()
  if (!allowed.includes(method)) throw methodNotAllowedFor(...allowed)
}

/**
 * Field errors (from conform, zod or a model) as a JSON error: the first message, and every
 * message by field. Fields without messages are left out.
 */
export function fieldErrorsResponse(
  errors: Record<string, string[] | null | undefined>,
  status = 400,
) {
  const byField: Record<string, string[]> = {}
  for (const [field, messages] of Object.entries(errors)) {
    if (messages?.length) byField[field] = messages
  }
  const first = Object.values(byField)[0]?.[0] ?? 'Invalid request.'
  return apiError(status, first, { errors: byField })
}

/**
 * An optional whole-number query parameter (an id or a page). Absent or empty means "no
 * filter"; anything else that is not a positive whole number is a 400, never silently ignored.
 */
export function queryInt(params: URLSearchParams, name: string): number | undefined {
  const raw = params.get(name)?.trim()
  if (!raw) return undefined
  if (!/^\d{1,12}$/.test(raw) || Number(raw) < 1) {
    throw apiError(400, `Invalid ${name}: please send a positive whole number.`)
  }
  return Number(raw)
}

/** An optional product-id query parameter, read with the product id rules and messages. */
export function queryProductId(params: URLSearchParams, name: string): number | undefined {
  const raw = params.get(name)
  if (raw === null || raw.trim() === '') return undefined
  const parsed = parseProductId(raw)
  if (!parsed.ok) throw apiError(400, `Invalid ${name}: ${parsed.message}`)
  return parsed.pId
}

/** An optional free-text query parameter, trimmed; a 400 when longer than `max`. */
export function queryText(params: URLSearchParams, name: string, max = 300) {
  const value = params.get(name)?.trim()
  if (!value) return undefined
  if (value.length > max)
    throw apiError(400, `Invalid ${name}: please send at most ${max} characters.`)
  return value
}

/** A product id from the path (`/product/:pId`), or a JSON 400 with the product id message. */
export function pathProductId(raw: string | undefined): number {
  const parsed = parseProductId(raw ?? '')
  if (!parsed.ok) throw apiError(400, parsed.message)
  return parsed.pId
}

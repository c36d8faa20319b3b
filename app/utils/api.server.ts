import type { ZodError } from 'zod'

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

/**
 * Declares an /api/v1 endpoint. A route file states what is particular to it (method, roles,
 * the zod schemas of its path, query and body, the model call and the response schema); this
 * module does what every endpoint shares: the 405 with `Allow`, authentication (bearer token or
 * cookie), the body's size cap and content type, parsing, the mapping of a model's refusal to an
 * HTTP status (app/utils/http-errors.ts), JSON errors, and the entry in the OpenAPI document.
 */
import { parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import type { z } from 'zod'
import type { Role } from '../../db/schema'
import type { Failure, Result } from '~/core/result'
import type { User } from '~/models/user.server'
import { logError } from '~/utils/request.server'
import { getUser } from '~/utils/auth.server'
import { parseUploadForm, RequestTooLargeError } from '~/utils/upload.server'
import { API_MESSAGES, apiError, STATUS_BY_CODE } from '~/utils/http-errors'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** Forms and JSON are capped at 1 MB; multipart bodies (pictures) at 12 MB. */
export const JSON_BODY_LIMIT = 1024 * 1024
export const MULTIPART_BODY_LIMIT = 12 * 1024 * 1024

type AnyObject = z.ZodObject<z.ZodRawShape>

type BodySpec<S extends z.ZodTypeAny = z.ZodTypeAny> =
  { type: 'json'; schema: S } | { type: 'multipart'; schema: S; wrongTypeMessage: string }

export type EndpointSpec<
  P extends AnyObject = AnyObject,
  Q extends AnyObject = AnyObject,
  S extends z.ZodTypeAny = z.ZodTypeAny,
  R extends object = object,
> = {
  method: Method
  /** The OpenAPI path under /api/v1, with `{name}` for path parameters. */
  path: string
  summary: string
  description?: string
  tag: string
  /** 'public' needs no sign-in (the handler's user is then never used); 'user' is the default. */
  auth?: 'public' | 'user'
  /** Only these roles (others get 403); any signed-in user when absent. */
  roles?: Role[]
  params?: P
  query?: Q
  body?: BodySpec<S>
  /** Refusals the model may answer with, for the document (400/401/403/405/413 are implied). */
  refusals?: number[]
  /** The success status (200 unless said). */
  status?: 200 | 201
  response: z.ZodTypeAny
  handler: (ctx: {
    request: Request
    user: User
    params: z.infer<P>
    query: z.infer<Q>
    body: z.infer<S>
  }) => Result<R> | Promise<Result<R>>
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEndpoint = EndpointSpec<any, any, any, any>

/** Keeps a declaration's types while checking it against EndpointSpec. */
export function endpoint<
  P extends AnyObject = AnyObject,
  Q extends AnyObject = AnyObject,
  S extends z.ZodTypeAny = z.ZodTypeAny,
  R extends object = object,
>(spec: EndpointSpec<P, Q, S, R>): EndpointSpec<P, Q, S, R> {
  return spec
}

type Handle = (args: LoaderFunctionArgs | ActionFunctionArgs) => Promise<Response> | Response

// Every declared endpoint with its handler, for the OpenAPI document and the contract test.
const declared: Array<{ spec: AnyEndpoint; handle: Handle }> = []
export const declaredEndpoints = (): ReadonlyArray<{ spec: AnyEndpoint; handle: Handle }> =>
  declared

/** Reads at most `limit` bytes of the body; null when it is longer. */
async function readText(request: Request, limit: number): Promise<string | null> {
  if (Number(request.headers.get('Content-Length') ?? 0) > limit) return null
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      return null
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

const contentType = (request: Request) => (request.headers.get('Content-Type') ?? '').toLowerCase()

/** The body as a plain object, or the error Response to send instead. */
async function readBody(request: Request, spec: BodySpec): Promise<unknown> {
  const type = contentType(request)
  if (spec.type === 'multipart') {
    if (!/^multipart\/form-data\s*;/.test(type)) return apiError(400, spec.wrongTypeMessage)
    if (Number(request.headers.get('Content-Length') ?? 0) > MULTIPART_BODY_LIMIT) {
      return apiError(413, API_MESSAGES.tooLarge)
    }
    try {
      return await parseUploadForm(request)
    } catch (error) {
      if (error instanceof RequestTooLargeError) return apiError(413, error.message)
      // Only the body is read here, so any failure is a malformed request.
      return apiError(400, API_MESSAGES.multipart)
    }
  }
  const text = await readText(request, JSON_BODY_LIMIT)
  if (text === null) return apiError(413, API_MESSAGES.tooLarge)
  if (type.startsWith('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text))
  }
  if (!text.trim()) return {}
  if (type && !type.startsWith('application/json') && !type.startsWith('text/plain')) {
    return apiError(400, 'Please send the body as JSON (application/json).')
  }
  try {
    const value: unknown = JSON.parse(text)
    if (value && typeof value === 'object' && !Array.isArray(value)) return value
  } catch {
    // answered below
  }
  return apiError(400, API_MESSAGES.json)
}

function firstIssue(error: z.ZodError) {
  return error.issues[0]?.message ?? 'Invalid request.'
}

/** The body's validation errors: the first message, and every message by field. */
function bodyError(error: z.ZodError) {
  const errors: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const field = issue.path.join('.')
    ;(errors[field] ??= []).push(issue.message)
  }
  return apiError(400, firstIssue(error), { errors })
}

/** The query string's declared parameters; empty values count as absent. */
function queryObject(schema: AnyObject, url: URL) {
  const raw: Record<string, string> = {}
  for (const key of Object.keys(schema.shape)) {
    const value = url.searchParams.get(key)?.trim()
    if (value) raw[key] = value
  }
  return raw
}

async function run(spec: AnyEndpoint, args: LoaderFunctionArgs): Promise<Response> {
  const { request } = args
  const user = await getUser(request)
  if (spec.auth !== 'public') {
    if (!user) return apiError(401, API_MESSAGES.signIn)
    if (spec.roles && !spec.roles.includes(user.role)) return apiError(403, API_MESSAGES.forbidden)
  }

  let params: unknown
  if (spec.params) {
    const parsed = spec.params.safeParse(args.params)
    if (!parsed.success) return apiError(400, firstIssue(parsed.error))
    params = parsed.data
  }

  let query: unknown
  if (spec.query) {
    const parsed = spec.query.safeParse(queryObject(spec.query, new URL(request.url)))
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      return apiError(400, `Invalid ${issue?.path.join('.')}: ${issue?.message}`)
    }
    query = parsed.data
  }

  let body: unknown
  if (spec.body) {
    const raw = await readBody(request, spec.body)
    if (raw instanceof Response) return raw
    if (raw instanceof FormData) {
      // Conform reads a form the way the page does (numbers and files), so both share one schema.
      const submission = parseWithZod(raw, { schema: spec.body.schema })
      if (submission.status !== 'success') return formError(submission.error ?? {})
      body = submission.value
    } else {
      const parsed = spec.body.schema.safeParse(raw)
      if (!parsed.success) return bodyError(parsed.error)
      body = parsed.data
    }
  }

  const result = await spec.handler({
    request,
    user: user as User,
    params: params as never,
    query: query as never,
    body: body as never,
  })
  if (!result.ok) {
    const failure = result as Failure
    return apiError(STATUS_BY_CODE[failure.code], failure.message, { errors: failure.fieldErrors })
  }
  // A success's `location` (a created thing's path) is its Location header, not in its body.
  const { ok: _ok, location, ...payload } = result as typeof result & { location?: string }
  return Response.json(payload, {
    status: spec.status ?? 200,
    headers: location ? { Location: location } : undefined,
  })
}

/** A form's field errors: the first message, and every message by field. */
function formError(error: Record<string, string[] | null | undefined>) {
  const errors: Record<string, string[]> = {}
  for (const [field, messages] of Object.entries(error))
    if (messages?.length) errors[field] = messages
  return apiError(400, Object.values(errors)[0]?.[0] ?? 'Invalid request.', { errors })
}

/** Something broke that no refusal covers: logged once, answered in JSON with a reference. */
function unexpected(error: unknown, { request, context }: LoaderFunctionArgs) {
  if (error instanceof Response) throw error
  const requestId = context.requestId
  logError(error, { requestId, method: request.method, path: new URL(request.url).pathname })
  return apiError(500, `${API_MESSAGES.serverError} Reference: ${requestId ?? '-'}`)
}

/**
 * The loader and action of one /api/v1 path answering the given methods. HEAD counts as GET; any
 * other method is a 405 naming the allowed ones.
 */
export function api(...all: AnyEndpoint[]) {
  const allowed = all.map((s) => s.method)
  const handle: Handle = (args) => {
    const method = args.request.method === 'HEAD' ? 'GET' : args.request.method.toUpperCase()
    const spec = all.find((s) => s.method === method)
    if (!spec) {
      return apiError(405, API_MESSAGES.method, { headers: { Allow: allowed.join(', ') } })
    }
    return run(spec, args).catch((error: unknown) => unexpected(error, args))
  }
  for (const spec of all) declared.push({ spec, handle })
  return { loader: handle, action: handle }
}

/**
 * The OpenAPI 3.1 document of /api/v1, generated from the endpoint declarations and their zod
 * schemas, so it cannot say something the code does not do.
 */
import {
  extendZodWithOpenApi,
  OpenApiGeneratorV31,
  OpenAPIRegistry,
} from '@asteasolutions/zod-to-openapi'
import { z } from 'zod'
import { declaredEndpoints } from './endpoint.server'
import { ErrorWire } from './wire-schemas'

// Importing every route module of the API declares its endpoints.
import.meta.glob(['../routes/api+/v1+/*.ts', '!../routes/api+/v1+/*.test.ts'], { eager: true })

const ERROR_TEXT: Record<number, string> = {
  400: 'The request is malformed or breaks a rule',
  401: 'Not signed in',
  403: 'Not allowed for this role, or the account was disabled (or a cross-origin cookie write)',
  404: 'Not found, or not visible to the caller',
  409: 'The current state does not allow it',
  413: 'The body or a picture is too large, or the uploader’s storage limit is reached',
  429: 'Too many attempts',
}

// The generator reads metadata through methods it adds to zod's prototype.
extendZodWithOpenApi(z)

let cached: object | undefined

export function openApiDocument() {
  if (cached) return cached
  const registry = new OpenAPIRegistry()
  registry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'The token from POST /user/login or /user/register.',
  })
  registry.registerComponent('securitySchemes', 'cookie', {
    type: 'apiKey',
    in: 'cookie',
    name: '__session',
    description: 'The signed-in browser’s session cookie (writes only from our own origin).',
  })
  const error = { 'application/json': { schema: ErrorWire } }
  for (const { spec } of declaredEndpoints()) {
    const statuses = new Set<number>(spec.refusals ?? [])
    if (spec.params || spec.query || spec.body) statuses.add(400)
    if (spec.auth !== 'public') statuses.add(401)
    // Any write is refused once its account is disabled, even mid-request (models/write.server).
    if (spec.roles || (spec.auth !== 'public' && spec.method !== 'GET')) statuses.add(403)
    if (spec.body) statuses.add(413)
    const responses: Record<string, { description: string; content?: object }> = {
      [spec.status ?? 200]: {
        description: 'Success',
        content: { 'application/json': { schema: spec.response } },
      },
    }
    for (const status of [...statuses].sort()) {
      responses[status] = { description: ERROR_TEXT[status] ?? 'Refused', content: error }
    }
    const bodyType = spec.body?.type === 'multipart' ? 'multipart/form-data' : 'application/json'
    registry.registerPath({
      method: spec.method.toLowerCase() as 'get',
      path: spec.path,
      tags: [spec.tag],
      summary: spec.summary,
      description: [spec.description, spec.roles ? `Roles: ${spec.roles.join(', ')}.` : '']
        .filter(Boolean)
        .join(' '),
      security: spec.auth === 'public' ? [] : [{ bearer: [] }, { cookie: [] }],
      request: {
        params: spec.params as z.AnyZodObject | undefined,
        query: spec.query as z.AnyZodObject | undefined,
        body: spec.body
          ? { required: true, content: { [bodyType]: { schema: spec.body.schema } } }
          : undefined,
      },
      responses,
    })
  }
  cached = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Review desk API',
      version: '1.0.0',
      description:
        'The calls of the back office for scripts and other clients. Sign in with POST /user/login for a bearer token. Errors are `{ success: false, message }` with a 4xx status.',
    },
    servers: [{ url: '/api/v1' }],
  })
  return cached
}

import { API_MESSAGES, apiError } from '~/utils/http-errors'
import { openApiDocument } from '~/api/openapi.server'

/** GET /api/v1/openapi.json: the API's OpenAPI 3.1 document (public, like any API reference). */
export const loader = () => Response.json(openApiDocument())
export const action = () => apiError(405, API_MESSAGES.method, { headers: { Allow: 'GET' } })

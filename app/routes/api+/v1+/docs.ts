import { API_MESSAGES, apiError } from '~/utils/http-errors'
import { apiDocsHtml } from '~/api/docs.server'

/** GET /api/v1/docs: the readable API reference (works offline: no CDN, no script). */
export const loader = () =>
  new Response(apiDocsHtml(), { headers: { 'Content-Type': 'text/html; charset=utf-8' } })
export const action = () => apiError(405, API_MESSAGES.method, { headers: { Allow: 'GET' } })
